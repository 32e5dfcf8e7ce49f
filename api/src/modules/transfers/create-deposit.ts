import { codedMessage, DEPOSIT_PROVIDER, type TCreateDepositRequest } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { findRegisteredWallet } from '../counterparties/index';
import { findProviderByName } from '../providers/index';
import { acceptOnRampQuote } from './create-on-ramp';
import type { TransferDeps } from './deps';
import { priceQuote } from './quote';
import type { QuoteRow } from './repo';

// A deposit (POST deposits): an on-ramp from the deposit provider (Transfero: BRL, testbrz on
// polygon-amoy) to a registered wallet, in two steps: its quote, asked outside any transaction once
// the idempotency key is claimed (quoteDeposit), then the transfer of that quote in the request's
// transaction (createDeposit).

/** /deposit, first step, outside any transaction: Transfero's quote for it (BRL, testbrz, polygon-amoy). */
export async function quoteDeposit(
  deps: TransferDeps,
  context: OrganizationContext,
  request: TCreateDepositRequest,
): Promise<QuoteRow> {
  const { db } = deps;
  // The wallet first: a deposit refused for it leaves no quote behind.
  const wallet = await findRegisteredWallet(db, context.organization.uid, request.targetWalletUid);
  if (!wallet) throw new AppError('NOT_FOUND', codedMessage('messages.targetWalletNotFound'));
  if (wallet.network !== request.networkId) {
    throw new AppError('VALIDATION', codedMessage('messages.targetWalletNetworkMismatch'), {
      targetWalletUid: codedMessage('messages.targetWalletNetworkMismatch'),
    });
  }
  const provider = await findProviderByName(db, DEPOSIT_PROVIDER);
  if (!provider) throw new AppError('NOT_FOUND', codedMessage('messages.providerNotFound'));
  return priceQuote(deps, db, context, {
    providerUid: provider.uid,
    type: 'on_ramp',
    currency: request.currencyId,
    network: request.networkId,
    amount: request.amount,
  });
}

/** /deposit: an on-ramp of the quote quoteDeposit got, to the chosen wallet. */
export function createDeposit(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  request: TCreateDepositRequest,
  quoteRow: QuoteRow,
) {
  return acceptOnRampQuote(
    deps,
    tx,
    context,
    { quoteUid: quoteRow.uid, walletUid: request.targetWalletUid },
    'deposit',
  );
}
