import { codedMessage, type TCreateOnRampRequest, type TMessageCode } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { findRegisteredWallet } from '../counterparties/index';
import type { TransferDeps } from './deps';
import { fromQuote, writeNewTransfer } from './new-transfer';
import { takeQuote } from './quote';

// An on-ramp: a member accepts an on-ramp quote to one of the organization's registered wallets on
// the quote's network (POST rails/on-ramps, in the idempotent request's transaction). A deposit is
// the same transfer under another type (create-deposit.ts).

/** What the wallet's checks below may answer (their routes declare them): on-ramps and deposits. */
export const TARGET_WALLET_CODES = [
  'messages.targetWalletNotFound',
  'messages.targetWalletNetworkMismatch',
] as const satisfies readonly TMessageCode[];

/** Accepts the on-ramp quote for the wallet: the transfer, awaiting funds, with its job. */
export async function acceptOnRampQuote(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  request: { quoteUid: string; walletUid: string },
  type: 'on_ramp' | 'deposit',
) {
  const organizationUid = context.organization.uid;
  const quoteRow = await takeQuote(deps, tx, organizationUid, request.quoteUid, 'on_ramp');
  const wallet = await findRegisteredWallet(tx, organizationUid, request.walletUid);
  if (!wallet) throw new AppError('NOT_FOUND', codedMessage('messages.targetWalletNotFound'));
  if (wallet.network !== quoteRow.network) {
    throw new AppError('VALIDATION', codedMessage('messages.targetWalletNetworkMismatch'), {
      walletUid: codedMessage('messages.targetWalletNetworkMismatch'),
    });
  }
  return writeNewTransfer(deps, tx, context, {
    ...fromQuote(quoteRow),
    type,
    status: 'awaiting_funds',
    walletUid: wallet.uid,
    walletName: wallet.name,
    walletAddress: wallet.address,
  });
}

export function createOnRamp(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  request: TCreateOnRampRequest,
) {
  return acceptOnRampQuote(deps, tx, context, request, 'on_ramp');
}
