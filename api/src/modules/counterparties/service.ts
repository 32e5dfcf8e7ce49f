import {
  codedMessage,
  type TBankBeneficiary,
  type TOrganization,
  type TRegisteredWallet,
  type TUser,
  type ZUpdateCounterpartyRequest,
} from '@dash/shared/contracts';
import type {
  ZCreateBankBeneficiaryRequest,
  ZCreateRegisteredWalletRequest,
} from '@dash/shared/counterparty-rules';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import {
  type BankBeneficiaryRow,
  deleteBankBeneficiary,
  deleteRegisteredWallet,
  insertBankBeneficiary,
  insertRegisteredWallet,
  listBankBeneficiaries,
  listRegisteredWallets,
  lockBankBeneficiary,
  lockRegisteredWallet,
  type RegisteredWalletRow,
  updateBankBeneficiary,
  updateRegisteredWallet,
} from './repo';

type CreateWallet = z.output<typeof ZCreateRegisteredWalletRequest>;
type CreateBeneficiary = z.output<typeof ZCreateBankBeneficiaryRequest>;
type UpdateCounterparty = z.output<typeof ZUpdateCounterpartyRequest>;

export type CounterpartyKind = 'registered_wallet' | 'bank_beneficiary';

/**
 * The seam for transfers (issue 11): whether a pending transfer pays to or from a counterparty,
 * asked inside the deleting transaction with the counterparty's row locked. Transfers do not
 * exist yet, so nothing is plugged in and deletion is plain; once they do, a counterparty in use
 * is refused with 409 codedMessage('messages.counterpartyInUse').
 */
export interface PendingTransferUsage {
  isUsedByPendingTransfer(
    tx: Database,
    counterparty: { organizationUid: string; kind: CounterpartyKind; uid: string },
  ): Promise<boolean>;
}

export type CounterpartyService = ReturnType<typeof createCounterpartyService>;

const WALLET_SUBJECT = 'registered_wallet';
const BENEFICIARY_SUBJECT = 'bank_beneficiary';

function toWallet(row: RegisteredWalletRow): TRegisteredWallet {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function toBeneficiary(row: BankBeneficiaryRow): TBankBeneficiary {
  const common = {
    uid: row.uid,
    name: row.name,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.type === 'Clabe') return { ...common, type: 'Clabe', bankAccountNumber: row.accountKey };
  if (!row.pixKeyType) throw new Error(`Pix beneficiary ${row.uid} has no key type`);
  return { ...common, type: 'PixKey', pixKeyType: row.pixKeyType, pixKey: row.accountKey };
}

/** What an audit record says about a name/remark change: only the fields that changed. */
function changes(before: { name: string; remark: string | null }, update: UpdateCounterparty) {
  const after = { name: update.name, remark: update.remark === undefined ? before.remark : update.remark };
  const data: Record<string, { from: string | null; to: string | null }> = {};
  if (before.name !== after.name) data.name = { from: before.name, to: after.name };
  if (before.remark !== after.remark) data.remark = { from: before.remark, to: after.remark };
  return { after, data };
}

/**
 * Registered blockchain wallets and bank beneficiaries of an organization. Every change is one
 * transaction with its audit record; duplicates are refused by the unique indexes (409), so two
 * simultaneous adds of one address cannot both succeed.
 */
export function createCounterpartyService({
  db,
  pendingTransfers,
}: {
  db: Database;
  pendingTransfers?: PendingTransferUsage;
}) {
  async function refuseIfInUse(tx: Database, organizationUid: string, kind: CounterpartyKind, uid: string) {
    if (await pendingTransfers?.isUsedByPendingTransfer(tx, { organizationUid, kind, uid })) {
      throw new AppError('CONFLICT', codedMessage('messages.counterpartyInUse'));
    }
  }

  return {
    async listWallets(organization: TOrganization): Promise<TRegisteredWallet[]> {
      return (await listRegisteredWallets(db, organization.uid)).map(toWallet);
    },

    async createWallet(
      organization: TOrganization,
      user: TUser,
      wallet: CreateWallet,
    ): Promise<TRegisteredWallet> {
      try {
        return await db.transaction(async (tx) => {
          const row = await insertRegisteredWallet(tx, { organizationUid: organization.uid, ...wallet });
          await recordAudit(tx, {
            organizationUid: organization.uid,
            actor: userActor(user),
            action: 'registered_wallet.created',
            subjectType: WALLET_SUBJECT,
            subjectUid: row.uid,
            data: { network: row.network, address: row.address, name: row.name, remark: row.remark },
          });
          return toWallet(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'registered_wallets_organization_network_address_unique')) {
          throw new AppError(
            'CONFLICT',
            codedMessage('messages.registeredWalletDuplicate'),
            { address: codedMessage('messages.registeredWalletDuplicate') },
            { cause: error },
          );
        }
        throw error;
      }
    },

    updateWallet(
      organization: TOrganization,
      user: TUser,
      uid: string,
      change: UpdateCounterparty,
    ): Promise<TRegisteredWallet> {
      return db.transaction(async (tx) => {
        const before = await lockRegisteredWallet(tx, organization.uid, uid);
        if (!before) throw new AppError('NOT_FOUND', codedMessage('messages.registeredWalletNotFound'));
        const { after, data: changed } = changes(before, change);
        if (Object.keys(changed).length === 0) return toWallet(before);
        const row = await updateRegisteredWallet(tx, uid, after);
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'registered_wallet.updated',
          subjectType: WALLET_SUBJECT,
          subjectUid: uid,
          data: changed,
        });
        return toWallet(row);
      });
    },

    deleteWallet(organization: TOrganization, user: TUser, uid: string): Promise<void> {
      return db.transaction(async (tx) => {
        const wallet = await lockRegisteredWallet(tx, organization.uid, uid);
        if (!wallet) throw new AppError('NOT_FOUND', codedMessage('messages.registeredWalletNotFound'));
        await refuseIfInUse(tx, organization.uid, 'registered_wallet', uid);
        await deleteRegisteredWallet(tx, uid);
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'registered_wallet.deleted',
          subjectType: WALLET_SUBJECT,
          subjectUid: uid,
          data: { network: wallet.network, address: wallet.address, name: wallet.name },
        });
      });
    },

    async listBeneficiaries(organization: TOrganization): Promise<TBankBeneficiary[]> {
      return (await listBankBeneficiaries(db, organization.uid)).map(toBeneficiary);
    },

    async createBeneficiary(
      organization: TOrganization,
      user: TUser,
      beneficiary: CreateBeneficiary,
    ): Promise<TBankBeneficiary> {
      const key =
        beneficiary.type === 'Clabe'
          ? { pixKeyType: null, accountKey: beneficiary.bankAccountNumber }
          : { pixKeyType: beneficiary.pixKeyType, accountKey: beneficiary.pixKey };
      try {
        return await db.transaction(async (tx) => {
          const row = await insertBankBeneficiary(tx, {
            organizationUid: organization.uid,
            type: beneficiary.type,
            name: beneficiary.name,
            remark: beneficiary.remark,
            ...key,
          });
          await recordAudit(tx, {
            organizationUid: organization.uid,
            actor: userActor(user),
            action: 'bank_beneficiary.created',
            subjectType: BENEFICIARY_SUBJECT,
            subjectUid: row.uid,
            data: { type: row.type, pixKeyType: row.pixKeyType, key: row.accountKey, name: row.name },
          });
          return toBeneficiary(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'bank_beneficiaries_organization_type_key_unique')) {
          const [field, message] =
            beneficiary.type === 'Clabe'
              ? ['bankAccountNumber', codedMessage('messages.clabeDuplicate')]
              : ['pixKey', codedMessage('messages.pixKeyDuplicate')];
          throw new AppError('CONFLICT', message, { [field]: message }, { cause: error });
        }
        throw error;
      }
    },

    updateBeneficiary(
      organization: TOrganization,
      user: TUser,
      uid: string,
      change: UpdateCounterparty,
    ): Promise<TBankBeneficiary> {
      return db.transaction(async (tx) => {
        const before = await lockBankBeneficiary(tx, organization.uid, uid);
        if (!before) throw new AppError('NOT_FOUND', codedMessage('messages.bankBeneficiaryNotFound'));
        const { after, data: changed } = changes(before, change);
        if (Object.keys(changed).length === 0) return toBeneficiary(before);
        const row = await updateBankBeneficiary(tx, uid, after);
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'bank_beneficiary.updated',
          subjectType: BENEFICIARY_SUBJECT,
          subjectUid: uid,
          data: changed,
        });
        return toBeneficiary(row);
      });
    },

    deleteBeneficiary(organization: TOrganization, user: TUser, uid: string): Promise<void> {
      return db.transaction(async (tx) => {
        const beneficiary = await lockBankBeneficiary(tx, organization.uid, uid);
        if (!beneficiary) throw new AppError('NOT_FOUND', codedMessage('messages.bankBeneficiaryNotFound'));
        await refuseIfInUse(tx, organization.uid, 'bank_beneficiary', uid);
        await deleteBankBeneficiary(tx, uid);
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'bank_beneficiary.deleted',
          subjectType: BENEFICIARY_SUBJECT,
          subjectUid: uid,
          data: { type: beneficiary.type, key: beneficiary.accountKey, name: beneficiary.name },
        });
      });
    },
  };
}
