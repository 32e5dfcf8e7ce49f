import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { createStaticPix, hasError } from 'pix-utils';
import { concat, type Hex, keccak256, toHex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_KEYS } from '../src/chain/dev-chains';
import type { SandboxQuote, SandboxTransfer, SandboxTransferStatus } from './store';

/**
 * The sandbox's money side: quotes, transfers and their deposit instructions, with deterministic
 * rates and fees, like a BRL/MXN stablecoin provider. Amounts are decimal strings; arithmetic is
 * decimal.js, never JS numbers.
 *
 * On-ramp: fiat in (Pix BR Code for BRL, SPEI CLABE + reference for MXN), stablecoin out to the
 * wallet. Off-ramp: stablecoin in at a deposit address of the provider's own (one per transfer,
 * derived from the treasury key), fiat paid out to the bank. What happens on chain: deliveries.ts
 * and watcher.ts.
 */
export const SANDBOX_STABLECOIN: Record<string, string> = { BRL: 'testbrz', MXN: 'USDC' };
/** Stablecoin units per fiat unit. */
const RATE: Record<string, string> = { BRL: '1', MXN: '0.0580' };
const FEE: Record<string, { percentage: string; fixed: string }> = {
  BRL: { percentage: '0.50', fixed: '1.00' },
  MXN: { percentage: '0.30', fixed: '5.00' },
};
/** The sandbox's Pix key and SPEI CLABE (a valid CLABE with its check digit). */
export const SANDBOX_PIX_KEY = 'b5fbd3a1-9f4e-4a53-a2ac-0f2c0c4b9c11';
export const SANDBOX_CLABE = '646180157000000004';

/**
 * An off-ramp's deposit account: its key derived from the treasury key and the transfer id, so the
 * sandbox can always find it again (and send from it: a deposit of another amount goes back).
 */
export function depositAccountOf(treasuryKey: Hex, transferId: string): PrivateKeyAccount {
  return privateKeyToAccount(keccak256(concat([treasuryKey, toHex(transferId)])));
}

export class SandboxRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** The sandbox's precision: fiat to the cent, tokens to 6 decimals (amounts it is sent, and amounts it works out). */
const FIAT_PLACES = 2;
const TOKEN_PLACES = 6;
const money = (value: Decimal) => value.toDecimalPlaces(FIAT_PLACES, Decimal.ROUND_DOWN).toFixed(FIAT_PLACES);
const token = (value: Decimal) =>
  value.toDecimalPlaces(TOKEN_PLACES, Decimal.ROUND_DOWN).toFixed(TOKEN_PLACES);

function feeOf(currency: string, fiatAmount: Decimal): Decimal {
  const fee = FEE[currency];
  if (!fee) throw new SandboxRefusal(400, 'unsupported_currency', `Currency ${currency} is not offered.`);
  return fiatAmount
    .mul(fee.percentage)
    .div(100)
    .add(fee.fixed)
    .toDecimalPlaces(FIAT_PLACES, Decimal.ROUND_UP);
}

export function makeQuote(
  account: string,
  body: Record<string, unknown>,
  quoteSeconds: number,
  now = new Date(),
): SandboxQuote {
  const { type, currency, network, amount } = body;
  if (type !== 'on_ramp' && type !== 'off_ramp') {
    throw new SandboxRefusal(400, 'invalid_request', 'type must be on_ramp or off_ramp.');
  }
  if (typeof currency !== 'string' || !RATE[currency]) {
    throw new SandboxRefusal(400, 'unsupported_currency', 'currency must be BRL or MXN.');
  }
  if (typeof network !== 'string' || network === '') {
    throw new SandboxRefusal(400, 'invalid_request', 'network is required.');
  }
  if (typeof amount !== 'string' || !/^\d{1,18}(\.\d{1,8})?$/.test(amount) || new Decimal(amount).lte(0)) {
    throw new SandboxRefusal(400, 'invalid_amount', 'amount must be a positive decimal string.');
  }
  // Amounts are taken as sent or refused, never rounded: an on-ramp's in fiat, an off-ramp's in the token.
  const places = amount.split('.')[1]?.length ?? 0;
  if (places > (type === 'on_ramp' ? FIAT_PLACES : TOKEN_PLACES)) {
    throw new SandboxRefusal(
      400,
      'invalid_amount',
      type === 'on_ramp'
        ? `amount has more decimal places than ${currency} has (${FIAT_PLACES}).`
        : `amount has more decimal places than the token settles (${TOKEN_PLACES}).`,
    );
  }
  const rate = new Decimal(RATE[currency] as string);
  const stablecoin = SANDBOX_STABLECOIN[currency] as string;
  const base = {
    id: id('quo'),
    account,
    type,
    currency,
    network,
    expiresAt: new Date(now.getTime() + quoteSeconds * 1000).toISOString(),
  } as const;
  if (type === 'on_ramp') {
    const fiat = new Decimal(amount);
    const fee = feeOf(currency, fiat);
    if (fee.gte(fiat))
      throw new SandboxRefusal(400, 'amount_too_small', 'The amount does not cover the fees.');
    return {
      ...base,
      sourceCurrency: currency,
      sourceAmount: money(fiat),
      targetCurrency: stablecoin,
      targetAmount: token(fiat.sub(fee).mul(rate)),
      rate: rate.toFixed(),
      fee: money(fee),
      feeCurrency: currency,
    };
  }
  const crypto = new Decimal(amount);
  const gross = crypto.div(rate);
  const fee = feeOf(currency, gross);
  if (fee.gte(gross))
    throw new SandboxRefusal(400, 'amount_too_small', 'The amount does not cover the fees.');
  return {
    ...base,
    sourceCurrency: stablecoin,
    sourceAmount: token(crypto),
    targetCurrency: currency,
    targetAmount: money(gross.sub(fee)),
    rate: new Decimal(1).div(rate).toDecimalPlaces(8).toFixed(),
    fee: money(fee),
    feeCurrency: currency,
  };
}

/** A Pix BR Code (EMV, CRC16 at the end) for the amount, with the txid the payment must carry. */
export function pixBrCode(amount: string, txid: string): string {
  const pix = createStaticPix({
    merchantName: 'Transfero Sandbox',
    merchantCity: 'Sao Paulo',
    pixKey: SANDBOX_PIX_KEY,
    txid,
    // The EMV field is the amount with two decimals; the quote's amount already has two.
    transactionAmount: Number(amount),
  });
  if (hasError(pix)) throw new SandboxRefusal(500, 'pix_error', 'Could not build the BR Code.');
  return pix.toBRCode();
}

export function makeTransfer(
  account: string,
  quote: SandboxQuote,
  body: Record<string, unknown>,
  now = new Date(),
  treasuryKey: Hex = DEV_CHAIN_KEYS.treasury,
): SandboxTransfer {
  const externalReference = body.externalReference;
  if (typeof externalReference !== 'string' || externalReference === '') {
    throw new SandboxRefusal(400, 'invalid_request', 'externalReference is required.');
  }
  if (new Date(quote.expiresAt).getTime() <= now.getTime()) {
    throw new SandboxRefusal(409, 'quote_expired', 'The quote has expired.');
  }
  const destination =
    body.destination && typeof body.destination === 'object' && !Array.isArray(body.destination)
      ? (body.destination as Record<string, unknown>)
      : {};
  const transferId = id('trf');
  const reference = transferId.slice(4, 29).replace(/[^a-zA-Z0-9]/g, '');
  let instructions: Record<string, unknown>;
  let depositAddress: string | null = null;
  if (quote.type === 'on_ramp') {
    instructions =
      quote.currency === 'BRL'
        ? {
            kind: 'pix',
            brCode: pixBrCode(quote.sourceAmount, reference),
            txid: reference,
            amount: quote.sourceAmount,
          }
        : {
            kind: 'spei',
            clabe: SANDBOX_CLABE,
            reference: reference.slice(0, 7).replace(/\D/g, '7').padEnd(7, '0'),
            beneficiary: 'Bitso Sandbox SA de CV',
            amount: quote.sourceAmount,
          };
  } else {
    depositAddress = depositAccountOf(treasuryKey, transferId).address;
    instructions = {
      kind: 'crypto',
      network: quote.network,
      address: depositAddress,
      amount: quote.sourceAmount,
      symbol: quote.sourceCurrency,
      memo: null,
    };
  }
  return {
    id: transferId,
    account,
    externalReference,
    quoteId: quote.id,
    type: quote.type,
    status: 'awaiting_funds',
    sourceCurrency: quote.sourceCurrency,
    sourceAmount: quote.sourceAmount,
    targetCurrency: quote.targetCurrency,
    targetAmount: quote.targetAmount,
    network: quote.network,
    instructions,
    destination,
    txHash: null,
    payoutReference: null,
    failureReason: null,
    webhookUrl: typeof body.webhookUrl === 'string' && body.webhookUrl !== '' ? body.webhookUrl : null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    depositAddress,
    deposit: null,
    delivery: null,
    returns: [],
  };
}

export const SANDBOX_TRANSFER_HELPERS = [
  'funds-received',
  'complete',
  'payout-failed',
  'return',
  'cancel',
] as const;
export type SandboxTransferHelper = (typeof SANDBOX_TRANSFER_HELPERS)[number];

/** A Pix end-to-end id or a SPEI tracking key for a payout in that currency. */
export function payoutReferenceFor(currency: string): string {
  return currency === 'BRL'
    ? `E${randomBytes(15).toString('hex').toUpperCase().slice(0, 31)}`
    : `SPEI${randomBytes(8).toString('hex').toUpperCase()}`;
}

export function refuseHelper(transfer: SandboxTransfer, helper: SandboxTransferHelper): never {
  throw new SandboxRefusal(
    409,
    'invalid_transition',
    `Cannot ${helper} a ${transfer.type} transfer that is ${transfer.status}.`,
  );
}

/**
 * What a test helper does to a transfer off chain: the status it moves to (a webhook) and what it
 * records. complete: payout done. payout-failed / return / cancel: with a reason. funds-received
 * (on-ramp) and the return of an off-ramp's deposit move tokens: deliveries.ts.
 */
export function helperStep(
  transfer: SandboxTransfer,
  helper: Exclude<SandboxTransferHelper, 'funds-received'>,
  reason: string | null,
): { status: SandboxTransferStatus; apply: (transfer: SandboxTransfer) => void } {
  switch (helper) {
    case 'complete':
      if (transfer.status !== 'payment_submitted') refuseHelper(transfer, helper);
      return { status: 'completed', apply: () => undefined };
    case 'payout-failed':
      if (transfer.status !== 'payment_submitted' && transfer.status !== 'funds_received')
        refuseHelper(transfer, helper);
      return {
        status: 'failed',
        apply: (t) => {
          t.failureReason = reason ?? PAYOUT_FAILED_REASON;
        },
      };
    case 'return':
      if (!['funds_received', 'payment_submitted', 'completed'].includes(transfer.status))
        refuseHelper(transfer, helper);
      return {
        status: 'returned',
        apply: (t) => {
          t.failureReason = reason ?? RETURN_REASON;
        },
      };
    case 'cancel':
      if (transfer.status !== 'awaiting_funds') refuseHelper(transfer, helper);
      return {
        status: 'canceled',
        apply: (t) => {
          t.failureReason = reason ?? 'No funds arrived before the deadline.';
        },
      };
  }
}

export const RETURN_REASON = 'The payment was returned by the receiving bank.';
export const PAYOUT_FAILED_REASON = 'The receiving bank rejected the payout.';

/**
 * A transfer as the API sees it: without the account, its webhook URL and the chain work's records
 * (signed transactions); with the off-ramp's deposit (transaction, sender, amount) and the hash of
 * the transaction that sent a deposit back.
 */
export function publicTransfer(transfer: SandboxTransfer) {
  const {
    account: _account,
    webhookUrl: _webhookUrl,
    depositAddress: _depositAddress,
    delivery: _delivery,
    returns,
    deposit,
    ...rest
  } = transfer;
  const returned = (returns ?? []).find((entry) => entry.cause !== 'unexpected' && entry.tokens);
  return {
    ...rest,
    deposit: deposit
      ? {
          txHash: deposit.txHash,
          logIndex: deposit.logIndex,
          sender: deposit.sender,
          amount: deposit.amount,
          symbol: deposit.symbol,
        }
      : null,
    returnTxHash: returned?.tokens?.hash ?? null,
  };
}

/** Moves a transfer to `status` (after `apply`) and emits its webhook; answers the event id. The caller saves. */
export function moveTransfer(
  emit: (account: string, type: string, data: Record<string, unknown>, url: string | null) => { id: string },
  transfer: SandboxTransfer,
  status: SandboxTransferStatus,
  apply?: (transfer: SandboxTransfer) => void,
): string {
  apply?.(transfer);
  transfer.status = status;
  transfer.updatedAt = new Date().toISOString();
  return emit(
    transfer.account,
    `transfer.${status}`,
    { transfer: publicTransfer(transfer) },
    transfer.webhookUrl,
  ).id;
}
export const publicQuote = ({ account: _account, ...rest }: SandboxQuote) => rest;
