import { codedMessage, EVM_CHAIN_IDS, type TCreateOffRampRequest } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { findBankBeneficiary, findRegisteredWallet } from '../counterparties/index';
import { deployedSafeOf } from '../wallet/index';
import type { TransferDeps } from './deps';
import { fromQuote, writeNewTransfer } from './new-transfer';
import { takeQuote } from './quote';
import { findOrganizationThreshold } from './repo';

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
  if (!beneficiary) throw new AppError('NOT_FOUND', codedMessage('messages.bankBeneficiaryNotFound'));
  const expected = quoteRow.fiatCurrency === 'BRL' ? 'PixKey' : 'Clabe';
  if (beneficiary.type !== expected) {
    throw new AppError('VALIDATION', codedMessage('messages.beneficiaryCurrencyMismatch'), {
      bankBeneficiaryUid: codedMessage('messages.beneficiaryCurrencyMismatch'),
    });
  }
  if (request.fromSafe && request.walletUid) {
    throw new AppError('VALIDATION', codedMessage('messages.sourceSafeOrWallet'), {
      fromSafe: codedMessage('messages.sourceSafeOrWallet'),
    });
  }
  // From the Safe on the quote's network (the same address on every network it is deployed on).
  const firstSafe = request.fromSafe ? await deployedSafeOf(tx, organizationUid) : null;
  if (request.fromSafe && !firstSafe) {
    throw new AppError('CONFLICT', codedMessage('messages.safeNotDeployed'), {
      fromSafe: codedMessage('messages.safeNotDeployed'),
    });
  }
  const quoteChainId = EVM_CHAIN_IDS[quoteRow.network as keyof typeof EVM_CHAIN_IDS];
  const safe =
    firstSafe && quoteChainId !== undefined ? await deployedSafeOf(tx, organizationUid, quoteChainId) : null;
  if (firstSafe && !safe) {
    throw new AppError('VALIDATION', codedMessage('messages.sourceSafeNetworkMismatch'), {
      fromSafe: codedMessage('messages.sourceSafeNetworkMismatch'),
    });
  }
  const wallet = request.walletUid
    ? await findRegisteredWallet(tx, organizationUid, request.walletUid)
    : null;
  if (request.walletUid && !wallet) {
    throw new AppError('NOT_FOUND', codedMessage('messages.sourceWalletNotFound'), {
      walletUid: codedMessage('messages.sourceWalletNotFound'),
    });
  }
  if (wallet && wallet.network !== quoteRow.network) {
    throw new AppError('VALIDATION', codedMessage('messages.sourceWalletNetworkMismatch'), {
      walletUid: codedMessage('messages.sourceWalletNetworkMismatch'),
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
