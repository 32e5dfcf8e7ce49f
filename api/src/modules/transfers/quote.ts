import { randomUUID } from 'node:crypto';
import {
  codedMessage,
  providerLimitProblemCode,
  type TCreateQuoteRequest,
  type TMessageCode,
  type TQuote,
} from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { findAccountStatus, findProvider, ProviderError, type ProviderRow } from '../providers/index';
import type { TransferDeps } from './deps';
import { amountsOf, insertQuote, lockQuote, type QuoteRow } from './repo';

// A provider's quote for an on-ramp or off-ramp: priced by the provider for an organization with
// an active account there, within the provider's limits, and saved; then taken (locked, unused,
// unexpired) by the one transfer that accepts it.

function adapterOf(deps: TransferDeps, provider: ProviderRow | undefined) {
  const adapter = provider ? deps.adapters(provider) : null;
  if (!provider || !adapter) throw new AppError('NOT_FOUND', codedMessage('messages.providerNotFound'));
  return { provider, adapter };
}

async function requireActiveAccount(tx: Database, organizationUid: string, providerUid: string) {
  const status = await findAccountStatus(tx, organizationUid, providerUid);
  if (status !== 'Active') throw new AppError('CONFLICT', codedMessage('messages.providerAccountRequired'));
}

function toQuote(row: QuoteRow): TQuote {
  return {
    uid: row.uid,
    providerUid: row.providerUid,
    type: row.type,
    network: row.network,
    ...amountsOf(row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What priceQuote may answer (its routes declare them): the quote route's and a deposit's. */
export const PRICE_QUOTE_CODES = [
  'messages.providerNotFound',
  'messages.providerCurrencyUnsupported',
  'messages.providerAccountRequired',
  'messages.amountBelowProviderMinimum',
  'messages.amountAboveProviderMaximum',
  'messages.providerRefusedQuote',
  'messages.providerUnreachable',
] as const satisfies readonly TMessageCode[];

/** Asks the provider for a quote and saves it (the deposit asks through here too). */
export async function priceQuote(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  request: TCreateQuoteRequest,
): Promise<QuoteRow> {
  const organizationUid = context.organization.uid;
  const { provider, adapter } = adapterOf(
    deps,
    await findProvider(tx, request.providerUid, { listedOnly: true }),
  );
  const offers =
    provider.fiat.some((fiat) => fiat.currency === request.currency) &&
    provider.stablecoins.some((coin) => coin.network === request.network);
  if (!offers)
    throw new AppError('VALIDATION', codedMessage('messages.providerCurrencyUnsupported'), {
      currency: codedMessage('messages.providerCurrencyUnsupported'),
    });
  await requireActiveAccount(tx, organizationUid, provider.uid);
  // The provider's limits per transfer for the currency (the catalogue's, both ends included), on
  // the fiat the transfer is worth: an on-ramp's amount is that fiat; an off-ramp's is known once
  // the provider has priced it (what it pays out plus its fee).
  const limits = provider.fees.find((fee) => fee.currency === request.currency);
  const refuseOutsideLimits = (fiatAmount: string) => {
    const problem = limits ? providerLimitProblemCode(fiatAmount, limits) : null;
    if (problem) throw new AppError('VALIDATION', codedMessage(problem), { amount: codedMessage(problem) });
  };
  if (request.type === 'on_ramp') refuseOutsideLimits(request.amount);
  const uid = randomUUID();
  let answer: Awaited<ReturnType<typeof adapter.createQuote>>;
  try {
    answer = await adapter.createQuote(
      { type: request.type, currency: request.currency, network: request.network, amount: request.amount },
      uid,
    );
  } catch (error) {
    if (error instanceof ProviderError && !error.retryable) {
      // An amount too small to price (its fee would take it all): the amount field's message, as
      // for one under the provider's minimum. Any other refusal in the provider's own words, not
      // our request line.
      if (error.code === 'amount_too_small') {
        throw new AppError('VALIDATION', codedMessage('messages.amountBelowProviderMinimum'), {
          amount: codedMessage('messages.amountBelowProviderMinimum'),
        });
      }
      throw new AppError(
        'VALIDATION',
        codedMessage('messages.providerRefusedQuote', { reason: error.reason ?? error.code }),
      );
    }
    if (error instanceof ProviderError) {
      // Timed out, unreachable or failing on its side: the caller may ask again, nothing was saved.
      throw new AppError('UNAVAILABLE', codedMessage('messages.providerUnreachable'), undefined, {
        headers: { 'retry-after': '5' },
        cause: error,
      });
    }
    throw error;
  }
  if (request.type === 'off_ramp') {
    refuseOutsideLimits(new Decimal(answer.targetAmount).plus(answer.fee).toFixed());
  }
  return insertQuote(tx, {
    uid,
    organizationUid,
    providerUid: provider.uid,
    type: request.type,
    network: request.network,
    fiatCurrency: request.currency,
    sourceCurrency: answer.sourceCurrency,
    sourceAmount: answer.sourceAmount,
    targetCurrency: answer.targetCurrency,
    targetAmount: answer.targetAmount,
    rate: answer.rate,
    fee: answer.fee,
    feeCurrency: answer.feeCurrency,
    externalId: answer.externalId,
    expiresAt: answer.expiresAt,
    createdBy: context.user.uid,
  });
}

/** POST rails/quotes. */
export async function createQuote(
  deps: TransferDeps,
  context: OrganizationContext,
  request: TCreateQuoteRequest,
): Promise<TQuote> {
  // No transaction around the provider's answer: its reads and the one insert stand alone, and a
  // transaction held open across an HTTP call would stall every other query on the embedded
  // database (one connection) for as long as the provider takes.
  return toQuote(await priceQuote(deps, deps.db, context, request));
}

/** What takeQuote may answer (its routes declare them): every transfer made from a quote. */
export const TAKE_QUOTE_CODES = [
  'messages.quoteNotFound',
  'messages.quoteUsed',
  'messages.quoteExpired',
  'messages.providerAccountRequired',
] as const satisfies readonly TMessageCode[];

/** The quote, locked, still unused and unexpired (404, 409). */
export async function takeQuote(
  deps: TransferDeps,
  tx: Database,
  organizationUid: string,
  quoteUid: string,
  type: QuoteRow['type'],
) {
  const row = await lockQuote(tx, organizationUid, quoteUid);
  if (!row || row.type !== type) throw new AppError('NOT_FOUND', codedMessage('messages.quoteNotFound'));
  if (row.usedBy) throw new AppError('CONFLICT', codedMessage('messages.quoteUsed'));
  if (row.expiresAt.getTime() <= deps.now())
    throw new AppError('CONFLICT', codedMessage('messages.quoteExpired'));
  await requireActiveAccount(tx, organizationUid, row.providerUid);
  return row;
}
