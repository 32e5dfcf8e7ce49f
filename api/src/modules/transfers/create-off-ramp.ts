import {
  BENEFICIARY_NOT_FOUND_FOR_TRANSFER_MESSAGE,
  networkOfChainId,
  QUOTE_BENEFICIARY_CURRENCY_MESSAGE,
  SAFE_NOT_DEPLOYED,
  SOURCE_SAFE_NETWORK_MESSAGE,
  SOURCE_SAFE_OR_WALLET_MESSAGE,
  SOURCE_WALLET_NETWORK_MESSAGE,
  SOURCE_WALLET_NOT_FOUND_MESSAGE,
  type TCreateOffRampRequest,
} from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { findBankBeneficiary } from '../counterparties/index';
import { deployedSafeOf } from '../wallet/index';
import type { TransferDeps } from './deps';
import { fromQuote, writeNewTransfer } from './new-transfer';
import { takeQuote } from './quote';
import { findOrganizationThreshold, findWallet } from './repo';

// An off-ramp: a member accepts an off-ramp quote to one of the organization's bank beneficiaries
// whose kind pays out the quote's fiat (Pix for BRL, CLABE otherwise), paid from one of its
// registered wallets on the quote's network, from the organization's Safe there, or from an external
// wallet, in the idempotent request's transaction (POST rails/off-ramps). Above the organization's
// approval threshold it waits for a second member (approve-off-ramp.ts) instead of going to the
// provider. From the Safe, once it is due, the Safe's payment is queued (deps.payFromSafe): its
// signers confirm the exact amount to the provider's deposit address.

export async function createOffRamp(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  request: TCreateOffRampRequest,
) {
  const organizationUid = context.organization.uid;
  const quoteRow = await takeQuote(deps, tx, organizationUid, request.quoteUid, 'off_ramp');
  const beneficiary = await findBankBeneficiary(tx, organizationUid, request.bankBeneficiaryUid);
  if (!beneficiary) throw new AppError('NOT_FOUND', BENEFICIARY_NOT_FOUND_FOR_TRANSFER_MESSAGE);
  const expected = quoteRow.fiatCurrency === 'BRL' ? 'PixKey' : 'Clabe';
  if (beneficiary.type !== expected) {
    throw new AppError('VALIDATION', QUOTE_BENEFICIARY_CURRENCY_MESSAGE, {
      bankBeneficiaryUid: QUOTE_BENEFICIARY_CURRENCY_MESSAGE,
    });
  }
  if (request.fromSafe && request.walletUid) {
    throw new AppError('VALIDATION', SOURCE_SAFE_OR_WALLET_MESSAGE, {
      fromSafe: SOURCE_SAFE_OR_WALLET_MESSAGE,
    });
  }
  const safe = request.fromSafe ? await deployedSafeOf(tx, organizationUid) : null;
  if (request.fromSafe && !safe) {
    throw new AppError('CONFLICT', SAFE_NOT_DEPLOYED, { fromSafe: SAFE_NOT_DEPLOYED });
  }
  if (safe && networkOfChainId(safe.chainId) !== quoteRow.network) {
    throw new AppError('VALIDATION', SOURCE_SAFE_NETWORK_MESSAGE, { fromSafe: SOURCE_SAFE_NETWORK_MESSAGE });
  }
  const wallet = request.walletUid ? await findWallet(tx, organizationUid, request.walletUid) : null;
  if (request.walletUid && !wallet) {
    throw new AppError('NOT_FOUND', SOURCE_WALLET_NOT_FOUND_MESSAGE, {
      walletUid: SOURCE_WALLET_NOT_FOUND_MESSAGE,
    });
  }
  if (wallet && wallet.network !== quoteRow.network) {
    throw new AppError('VALIDATION', SOURCE_WALLET_NETWORK_MESSAGE, {
      walletUid: SOURCE_WALLET_NETWORK_MESSAGE,
    });
  }
  const threshold = await findOrganizationThreshold(tx, organizationUid);
  const needsApproval = threshold !== null && new Decimal(quoteRow.sourceAmount).gt(threshold);
  return writeNewTransfer(deps, tx, context, {
    ...fromQuote(quoteRow),
    type: 'off_ramp',
    status: needsApproval ? 'awaiting_approval' : 'awaiting_funds',
    approvalRequired: needsApproval,
    bankBeneficiaryUid: beneficiary.uid,
    beneficiaryName: beneficiary.name,
    beneficiaryAccountKey: beneficiary.accountKey,
    ...(wallet ? { walletUid: wallet.uid, walletName: wallet.name, walletAddress: wallet.address } : {}),
    ...(safe ? { safeAddress: safe.address } : {}),
  });
}
