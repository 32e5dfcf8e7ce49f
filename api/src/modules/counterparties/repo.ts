import type { TBankBeneficiaryType, TNetworkId, TPixKeyType } from '@dash/shared/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bankBeneficiaries, registeredWallets } from '../../db/schema';

const walletColumns = {
  uid: registeredWallets.uid,
  network: registeredWallets.network,
  address: registeredWallets.address,
  name: registeredWallets.name,
  remark: registeredWallets.remark,
  createdAt: registeredWallets.createdAt,
  updatedAt: registeredWallets.updatedAt,
};
export type RegisteredWalletRow = Awaited<ReturnType<typeof listRegisteredWallets>>[number];

export function listRegisteredWallets(db: Database, organizationUid: string) {
  return db
    .select(walletColumns)
    .from(registeredWallets)
    .where(eq(registeredWallets.organizationUid, organizationUid))
    .orderBy(asc(registeredWallets.name), asc(registeredWallets.createdAt), asc(registeredWallets.uid));
}

/** One of the organization's registered wallets, every column (undefined when not theirs). */
export async function findRegisteredWallet(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select()
    .from(registeredWallets)
    .where(and(eq(registeredWallets.organizationUid, organizationUid), eq(registeredWallets.uid, uid)));
  return row;
}

/** One wallet of the organization, locked for the change about to be made (null when not theirs). */
export async function lockRegisteredWallet(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select(walletColumns)
    .from(registeredWallets)
    .where(and(eq(registeredWallets.organizationUid, organizationUid), eq(registeredWallets.uid, uid)))
    .for('update');
  return row ?? null;
}

export async function insertRegisteredWallet(
  db: Database,
  wallet: {
    organizationUid: string;
    network: TNetworkId;
    address: string;
    name: string;
    remark: string | null;
  },
) {
  const [row] = await db.insert(registeredWallets).values(wallet).returning(walletColumns);
  if (!row) throw new Error('Registered wallet insert returned no row');
  return row;
}

export async function updateRegisteredWallet(
  db: Database,
  uid: string,
  change: { name: string; remark: string | null },
) {
  const [row] = await db
    .update(registeredWallets)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(registeredWallets.uid, uid))
    .returning(walletColumns);
  if (!row) throw new Error('Registered wallet update returned no row');
  return row;
}

export async function deleteRegisteredWallet(db: Database, uid: string): Promise<void> {
  await db.delete(registeredWallets).where(eq(registeredWallets.uid, uid));
}

const beneficiaryColumns = {
  uid: bankBeneficiaries.uid,
  type: bankBeneficiaries.type,
  pixKeyType: bankBeneficiaries.pixKeyType,
  accountKey: bankBeneficiaries.accountKey,
  name: bankBeneficiaries.name,
  remark: bankBeneficiaries.remark,
  createdAt: bankBeneficiaries.createdAt,
  updatedAt: bankBeneficiaries.updatedAt,
};
export type BankBeneficiaryRow = Awaited<ReturnType<typeof listBankBeneficiaries>>[number];

export function listBankBeneficiaries(db: Database, organizationUid: string) {
  return db
    .select(beneficiaryColumns)
    .from(bankBeneficiaries)
    .where(eq(bankBeneficiaries.organizationUid, organizationUid))
    .orderBy(asc(bankBeneficiaries.name), asc(bankBeneficiaries.createdAt), asc(bankBeneficiaries.uid));
}

export async function lockBankBeneficiary(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select(beneficiaryColumns)
    .from(bankBeneficiaries)
    .where(and(eq(bankBeneficiaries.organizationUid, organizationUid), eq(bankBeneficiaries.uid, uid)))
    .for('update');
  return row ?? null;
}

/** One bank beneficiary of the organization, every column (undefined when not theirs). */
export async function findBankBeneficiary(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select()
    .from(bankBeneficiaries)
    .where(and(eq(bankBeneficiaries.organizationUid, organizationUid), eq(bankBeneficiaries.uid, uid)));
  return row;
}

/** A bank beneficiary's type (PixKey, Clabe); undefined once it is deleted. */
export async function findBankBeneficiaryType(db: Database, uid: string) {
  const [row] = await db
    .select({ type: bankBeneficiaries.type })
    .from(bankBeneficiaries)
    .where(eq(bankBeneficiaries.uid, uid));
  return row?.type;
}

export async function insertBankBeneficiary(
  db: Database,
  beneficiary: {
    organizationUid: string;
    type: TBankBeneficiaryType;
    pixKeyType: TPixKeyType | null;
    accountKey: string;
    name: string;
    remark: string | null;
  },
) {
  const [row] = await db.insert(bankBeneficiaries).values(beneficiary).returning(beneficiaryColumns);
  if (!row) throw new Error('Bank beneficiary insert returned no row');
  return row;
}

export async function updateBankBeneficiary(
  db: Database,
  uid: string,
  change: { name: string; remark: string | null },
) {
  const [row] = await db
    .update(bankBeneficiaries)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(bankBeneficiaries.uid, uid))
    .returning(beneficiaryColumns);
  if (!row) throw new Error('Bank beneficiary update returned no row');
  return row;
}

export async function deleteBankBeneficiary(db: Database, uid: string): Promise<void> {
  await db.delete(bankBeneficiaries).where(eq(bankBeneficiaries.uid, uid));
}
