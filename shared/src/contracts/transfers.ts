import {
  API_PREFIX,
  coded,
  codedIssue,
  deferred,
  english,
  raisesCodes,
  type TMessageCode,
  withSearch,
  ZIsoDateTime,
  ZUid,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { amountDecimalsProblemCode, ZDecimalString, ZFiatCurrency, ZPositiveAmount } from './money';
import { ZNetworkId } from './network-ids';
import { TRANSACTIONS_PAGE_SIZE_MAX } from './rails';

/**
 * Moving money (issue 11): quotes, on-ramps (fiat -> stablecoin to a registered wallet), off-ramps
 * (stablecoin -> fiat to a bank beneficiary), deposits (/deposit: an on-ramp with Transfero, BRL,
 * testbrz and polygon-amoy fixed) and the transactions list. Organization-scoped, approved
 * organizations only, under /api/v0:
 *
 * | Call | Who | Body | Answer |
 * |---|---|---|---|
 * | POST rails/quotes | Admins, Editors (rails.write) | TCreateQuoteRequest | 201 {data: TQuote} |
 * | POST rails/on-ramps | Admins, Editors; Idempotency-Key | TCreateOnRampRequest | 201 {data: TTransfer} |
 * | POST rails/off-ramps | Admins, Editors; Idempotency-Key | TCreateOffRampRequest | 201 {data: TTransfer} |
 * | POST deposits | Admins, Editors; Idempotency-Key | TCreateDepositRequest | 201 {data: TTransfer} |
 * | POST rails/transactions/{uid}/approve | Admins, Editors other than the creator | | 200 {data: TTransfer} |
 * | GET rails/transactions?page&size&type&status&currency&from&to | every member (rails.read) | | 200 TTransactionsResponse |
 * | GET organizations/{orgUid}/transactions/export.csv?(same filters) | every member (a link: organization in the path) | | 200 text/csv, streamed |
 * | GET rails/transactions/{uid} | every member | | 200 {data: TTransferDetail} |
 * | GET rails/balances | every member | | 200 {data: TLedgerBalance[]} |
 *
 * Idempotency (IETF idempotency-key draft): every POST that creates or moves money needs an
 * `Idempotency-Key` header (1 to 255 printable characters). Missing: 400. The same key with another body:
 * 422. The same key while the first request still runs: 409. A repeat after it finished: the first
 * answer again with `Idempotent-Replayed: true`. Keys are kept 24 hours, per organization and user.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const TRANSFER_TYPES = ['on_ramp', 'off_ramp', 'deposit'] as const;
export const ZTransferType = deferred(() => z.enum(TRANSFER_TYPES, coded('messages.chooseTransferType')));
export type TTransferType = z.infer<typeof ZTransferType>;
export const TRANSFER_TYPE_LABELS: Record<TTransferType, string> = {
  on_ramp: 'On-ramp',
  off_ramp: 'Off-ramp',
  deposit: 'Deposit',
};

/**
 * The state machine, modelled on what providers expose. awaiting_approval: an off-ramp above the
 * organization's threshold waits for a second member. awaiting_funds: the provider waits for the
 * fiat (on-ramp) or crypto (off-ramp). funds_received: it has them. payment_submitted: the
 * stablecoin sent / the payout submitted. completed, failed, returned, canceled: terminal
 * (returned may also follow completed: a payout the bank sent back).
 */
export const TRANSFER_STATUSES = [
  'awaiting_approval',
  'awaiting_funds',
  'funds_received',
  'payment_submitted',
  'completed',
  'failed',
  'returned',
  'canceled',
] as const;
export const ZTransferStatus = deferred(() => z.enum(TRANSFER_STATUSES, coded('messages.chooseStatus')));
export type TTransferStatus = z.infer<typeof ZTransferStatus>;
export const TRANSFER_STATUS_LABELS: Record<TTransferStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  awaiting_funds: 'Awaiting funds',
  funds_received: 'Funds received',
  payment_submitted: 'Payment submitted',
  completed: 'Completed',
  failed: 'Failed',
  returned: 'Returned',
  canceled: 'Canceled',
};

/** Allowed transitions (the one table both webhooks and reconciliation go through). */
export const TRANSFER_TRANSITIONS: Record<TTransferStatus, readonly TTransferStatus[]> = {
  awaiting_approval: ['awaiting_funds', 'canceled'],
  awaiting_funds: ['funds_received', 'failed', 'canceled'],
  funds_received: ['payment_submitted', 'failed', 'returned'],
  payment_submitted: ['completed', 'failed', 'returned'],
  completed: ['returned'],
  failed: [],
  returned: [],
  canceled: [],
};
export const TERMINAL_TRANSFER_STATUSES: readonly TTransferStatus[] = ['failed', 'returned', 'canceled'];
/** Statuses in which a transfer still uses its counterparty (deleting it is refused). */
export const PENDING_TRANSFER_STATUSES: readonly TTransferStatus[] = [
  'awaiting_approval',
  'awaiting_funds',
  'funds_received',
  'payment_submitted',
];

/** Order of progress: a later webhook about an earlier state never moves a transfer backwards. */
export function canTransition(from: TTransferStatus, to: TTransferStatus): boolean {
  return TRANSFER_TRANSITIONS[from].includes(to);
}

/** A token symbol as the provider names it (testbrz, USDC). */
export const ZTokenSymbol = deferred(() => z.string().min(1).max(20));

/**
 * An amount's decimal places, checked against what it is typed in: an on-ramp's in fiat (cents), an
 * off-ramp's in the stablecoin (see amountDecimalsProblem). A field error on `amount`.
 */
const AMOUNT_DECIMALS_CODES = [
  'messages.amountFiatDecimals',
  'messages.amountStablecoinDecimals',
] as const satisfies readonly TMessageCode[];
function checkAmountDecimals(type: 'on_ramp' | 'off_ramp', amount: string, context: z.RefinementCtx) {
  // One message at a time: an amount the field's own rules refuse already has its message.
  if (!ZPositiveAmount.safeParse(amount).success) return;
  const problem = amountDecimalsProblemCode(amount, type === 'on_ramp' ? 'fiat' : 'stablecoin');
  if (problem) context.addIssue({ code: 'custom', ...codedIssue(problem), path: ['amount'] });
}

export const ZCreateQuoteRequest = deferred(() =>
  z
    .strictObject({
      providerUid: z.uuid(coded('messages.chooseProvider')),
      type: z.enum(['on_ramp', 'off_ramp'], coded('messages.chooseRampDirection')),
      currency: ZFiatCurrency,
      network: ZNetworkId,
      /** On-ramp: the fiat amount paid in (at most 2 decimals). Off-ramp: the stablecoin amount sent (at most 6). */
      amount: ZPositiveAmount,
    })
    .superRefine((request, context) => checkAmountDecimals(request.type, request.amount, context)),
);
raisesCodes(ZCreateQuoteRequest, AMOUNT_DECIMALS_CODES);
export type TCreateQuoteRequest = z.infer<typeof ZCreateQuoteRequest>;

/**
 * What a quote prices and a transfer made from it keeps: the network, both sides' currencies and
 * amounts, the rate and the fee. A function, so its schemas are built with the contract using them.
 */
const pricedAmounts = () => ({
  network: ZNetworkId,
  sourceCurrency: z.string(),
  sourceAmount: ZDecimalString,
  targetCurrency: z.string(),
  /** What arrives: after the provider's fees. */
  targetAmount: ZDecimalString,
  /** Target units per source unit. */
  rate: ZDecimalString,
  /** In the fiat currency. */
  fee: ZDecimalString,
  feeCurrency: z.string(),
});

export const ZQuote = deferred(() =>
  z.object({
    uid: ZUid,
    providerUid: ZUid,
    type: z.enum(['on_ramp', 'off_ramp']),
    ...pricedAmounts(),
    expiresAt: ZIsoDateTime,
  }),
);
export type TQuote = z.infer<typeof ZQuote>;
export const ZQuoteResponse = deferred(() => z.object({ data: ZQuote }));

export const ZCreateOnRampRequest = deferred(() =>
  z.strictObject({
    quoteUid: z.uuid(coded('messages.quoteFirst')),
    walletUid: z.uuid(coded('messages.chooseTargetWallet')),
  }),
);
export type TCreateOnRampRequest = z.infer<typeof ZCreateOnRampRequest>;

export const ZCreateOffRampRequest = deferred(() =>
  z.strictObject({
    quoteUid: z.uuid(coded('messages.quoteFirst')),
    bankBeneficiaryUid: z.uuid(coded('messages.chooseBankBeneficiary')),
    /**
     * The registered wallet (on the quote's network) the stablecoin is paid from; null or absent: an
     * external wallet, whose tokens were never the organization's wallets' (the ledger says so).
     */
    walletUid: z.uuid(coded('messages.chooseSourceWallet')).nullable().optional(),
    /**
     * Paid from the organization's Safe (on the quote's network): once the provider names its deposit
     * address, the exact amount is proposed in the Safe's queue for the signers to confirm.
     */
    fromSafe: z.boolean().optional(),
  }),
);
export type TCreateOffRampRequest = z.infer<typeof ZCreateOffRampRequest>;

/** The /deposit form (spec sections 3 and 5): everything but the amount and wallet is fixed. */
export const DEPOSIT_PROVIDER = 'Transfero';
export const DEPOSIT_CURRENCY = 'BRL';
export const DEPOSIT_STABLECOIN = 'testbrz';
export const DEPOSIT_NETWORK = 'polygon-amoy';
export const ZCreateDepositRequest = deferred(() =>
  z
    .strictObject({
      provider: z.literal(DEPOSIT_PROVIDER, coded('messages.providerMustBeTransfero')),
      currencyId: z.literal(DEPOSIT_CURRENCY, coded('messages.currencyMustBeBrl')),
      stablecoinId: z.literal(DEPOSIT_STABLECOIN, coded('messages.stablecoinMustBeTestbrz')),
      networkId: z.literal(DEPOSIT_NETWORK, coded('messages.networkMustBePolygonAmoy')),
      /** BRL, so at most 2 decimals (checked below, as a quote's amount is). */
      amount: ZPositiveAmount,
      targetWalletUid: z
        .string(coded('messages.chooseTargetWallet'))
        .uuid(coded('messages.chooseTargetWallet')),
    })
    .superRefine((request, context) => checkAmountDecimals('on_ramp', request.amount, context)),
);
raisesCodes(ZCreateDepositRequest, ['messages.amountFiatDecimals']);
export type TCreateDepositRequest = z.infer<typeof ZCreateDepositRequest>;

/** Where to send the money the provider waits for. */
export const ZTransferInstructions = deferred(() =>
  z.discriminatedUnion('kind', [
    /** Pix: the BR Code (copy-and-paste text; the page draws its QR) with amount and txid. */
    z.object({ kind: z.literal('pix'), brCode: z.string(), txid: z.string(), amount: ZDecimalString }),
    /** SPEI: the CLABE to pay into and the reference to quote. */
    z.object({
      kind: z.literal('spei'),
      clabe: z.string(),
      reference: z.string(),
      beneficiary: z.string(),
      amount: ZDecimalString,
    }),
    /** Off-ramp: the provider's deposit address on the network, the exact amount, a memo when needed. */
    z.object({
      kind: z.literal('crypto'),
      network: ZNetworkId,
      address: z.string(),
      amount: ZDecimalString,
      symbol: z.string(),
      memo: z.string().nullable(),
      /** An EVM network's EIP-681 payment request for exactly this (wallets read it, as text or QR). */
      paymentUri: z.string().optional(),
    }),
  ]),
);
export type TTransferInstructions = z.infer<typeof ZTransferInstructions>;

/**
 * What the API wrote in English on a transfer (a timeline note, a failure reason) as a code and its
 * values, so a page says it in the reader's language. A member's decision: approved_by (the
 * approval), canceled_by (withdrawn by its creator), rejected_by (refused by another member). The
 * API's own reasons for failing a transfer before the provider knew of it: provider_unavailable (no
 * way to reach this provider from this installation), provider_refused (the provider said no; its own
 * message is the reason, as it wrote it), provider_unreachable (the provider could not be reached
 * however often the API tried). The English text stays beside it (older rows have only the text;
 * CSV, audit, mails). A provider's own failure reasons (a webhook's) have no code: its free text.
 */
export const TRANSFER_NOTE_CODES = [
  'approved_by',
  'canceled_by',
  'rejected_by',
  'provider_unavailable',
  'provider_refused',
  'provider_unreachable',
  'quote_expired_unpaid',
] as const;
export const ZTransferNoteCode = deferred(() => z.enum(TRANSFER_NOTE_CODES));
export type TTransferNoteCode = z.infer<typeof ZTransferNoteCode>;
/** The codes a transfer's failure reason may have: a member called it off, or the API failed it. */
export const TRANSFER_FAILURE_REASON_CODES = [
  'canceled_by',
  'rejected_by',
  'provider_unavailable',
  'provider_refused',
  'provider_unreachable',
  'quote_expired_unpaid',
] as const satisfies readonly TTransferNoteCode[];
export const ZTransferFailureReasonCode = deferred(() => z.enum(TRANSFER_FAILURE_REASON_CODES));
export type TTransferFailureReasonCode = z.infer<typeof ZTransferFailureReasonCode>;
/**
 * A code's values: `actor`, the member who decided (their e-mail then), on a member's decision only;
 * `reason`, the reason they gave if any, or the provider's own words when it refused. What each code
 * carries is TTransferNoteParamsOf; a reader takes any (the API's own reasons have no actor).
 */
export const ZTransferNoteParams = deferred(() =>
  z.object({ actor: z.string().optional(), reason: z.string().optional() }),
);
export type TTransferNoteParams = z.infer<typeof ZTransferNoteParams>;
/** The values a member's decision carries. */
interface TMemberDecisionParams {
  actor: string;
  reason?: string;
}
/** The values of each code, as the API writes them. */
export interface TTransferNoteParamsByCode {
  approved_by: TMemberDecisionParams;
  canceled_by: TMemberDecisionParams;
  rejected_by: TMemberDecisionParams;
  provider_unavailable: Record<string, never>;
  provider_refused: { reason: string };
  provider_unreachable: Record<string, never>;
  quote_expired_unpaid: Record<string, never>;
}
export type TTransferNoteParamsOf<Code extends TTransferNoteCode> = TTransferNoteParamsByCode[Code];

/**
 * Why the API holds a transfer in review instead of completing it: the chain does not show the
 * delivery the provider reported (an on-ramp's or a deposit's tokens to the wallet). The API trusts
 * the chain, not the webhook. delivery_not_found: no such transaction on the network (yet, after a
 * while). delivery_reverted: it failed on chain. delivery_mismatch: it moved no exact amount of the
 * token to the wallet (`found` says what it did). delivery_counted_elsewhere: that transfer log
 * already completed another transfer. network_unwatched: this installation reads no RPC for the
 * network, so it cannot check.
 */
export const TRANSFER_REVIEW_CODES = [
  'delivery_not_found',
  'delivery_reverted',
  'delivery_mismatch',
  'delivery_counted_elsewhere',
  'network_unwatched',
] as const;
export const ZTransferReviewCode = deferred(() => z.enum(TRANSFER_REVIEW_CODES));
export type TTransferReviewCode = z.infer<typeof ZTransferReviewCode>;
/** A review's values: the transaction, and for a mismatch what was expected and what the chain shows. */
export const ZTransferReviewParams = deferred(() =>
  z.object({
    network: z.string(),
    txHash: z.string().optional(),
    symbol: z.string().optional(),
    /** A mismatch: what should have moved, and what did, as chain facts ("994.00 testbrz → 0x…"). */
    expected: z.string().optional(),
    /** Absent: the transaction moves none of the token. */
    found: z.string().optional(),
  }),
);
export type TTransferReviewParams = z.infer<typeof ZTransferReviewParams>;
export const ZTransferReview = deferred(() =>
  z.object({
    /** A code this build does not know reads as none: the page shows `message`. */
    code: ZTransferReviewCode.nullable().catch(null),
    params: ZTransferReviewParams,
    /** In English. */
    message: z.string(),
  }),
);
export type TTransferReview = z.infer<typeof ZTransferReview>;

export const ZTransfer = deferred(() =>
  z.object({
    uid: ZUid,
    type: ZTransferType,
    status: ZTransferStatus,
    provider: z.object({ uid: ZUid, name: z.string() }),
    ...pricedAmounts(),
    /** The fiat currency of the transfer (BRL or MXN), whichever side it is on. */
    fiatCurrency: ZFiatCurrency,
    /**
     * The counterparty as it was when the transfer was made (its name and address or account key are
     * copied onto the transfer); `uid` is null once it has been deleted from the registry, so the
     * transfer's history still says where the money went.
     */
    wallet: z.object({ uid: ZUid.nullable(), name: z.string(), address: z.string() }).nullable(),
    /**
     * An off-ramp paid from the organization's Safe: its address (the payment is a Safe transaction
     * whose `transferUid` is this transfer). Optional: a replay stored before the field existed.
     */
    fromSafe: z.object({ address: z.string() }).nullable().optional(),
    bankBeneficiary: z.object({ uid: ZUid.nullable(), name: z.string(), accountKey: z.string() }).nullable(),
    instructions: ZTransferInstructions.nullable(),
    /** The provider's id of the transfer. */
    providerReference: z.string().nullable(),
    /** The stablecoin transaction (on-ramp: sent to the wallet; off-ramp: received by the provider). */
    txHash: z.string().nullable(),
    /** Pix end-to-end id or SPEI tracking key of the payout. */
    payoutReference: z.string().nullable(),
    /**
     * Why it failed, was returned or canceled, in English: the provider's words, a member's decision, or
     * the API's own reason.
     */
    failureReason: z.string().nullable(),
    /**
     * A member's decision (canceled_by, rejected_by) or the API's own reason (provider_unavailable,
     * provider_refused, provider_unreachable) as a code and values; null for a provider's reason and
     * for rows older than the code. Optional: an idempotent replay may answer with a transfer stored
     * before the field existed. A code this build does not know (an API newer than the page) reads as
     * none: the page then shows `failureReason`, the English text, instead of failing to read the transfer.
     */
    failureReasonCode: ZTransferFailureReasonCode.nullable().catch(null).optional(),
    failureReasonParams: ZTransferNoteParams.nullable().optional(),
    /** Held in review: the chain does not show what the provider reported. Absent: nothing to review. */
    review: ZTransferReview.optional(),
    approval: z.object({
      required: z.boolean(),
      approvedBy: z.object({ uid: ZUid, email: z.string() }).nullable(),
    }),
    createdBy: z.object({ uid: ZUid, email: z.string() }).nullable(),
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime,
  }),
);
export type TTransfer = z.infer<typeof ZTransfer>;

export const TRANSFER_EVENT_SOURCES = ['user', 'provider', 'reconciliation', 'system'] as const;
export const ZTransferEvent = deferred(() =>
  z.object({
    from: ZTransferStatus.nullable(),
    to: ZTransferStatus,
    source: z.enum(TRANSFER_EVENT_SOURCES),
    /** In English (the fallback); noteCode and noteParams say it in the reader's language when present. */
    note: z.string().nullable(),
    /** As failureReasonCode: a code this build does not know reads as none (the English note is shown). */
    noteCode: ZTransferNoteCode.nullable().catch(null),
    noteParams: ZTransferNoteParams.nullable(),
    at: ZIsoDateTime,
  }),
);
export type TTransferEvent = z.infer<typeof ZTransferEvent>;

export const ZTransferDetail = deferred(() =>
  ZTransfer.extend({
    events: z.array(ZTransferEvent),
    /** Its network is a local dev chain here (under its testnet's id): no public explorer knows it. */
    localChain: z.boolean().optional(),
  }),
);
export type TTransferDetail = z.infer<typeof ZTransferDetail>;
export const ZTransferResponse = deferred(() => z.object({ data: ZTransfer }));
export const ZTransferDetailResponse = deferred(() => z.object({ data: ZTransferDetail }));
export const ZTransferParams = deferred(() => z.object({ transferUid: ZUid }));

/**
 * POST rails/transactions/{transferUid}/cancel: an off-ramp waiting for a second member's approval
 * is called off before it reaches the provider: withdrawn by its creator, or rejected by another
 * Admin or Editor. The reason is optional; it is shown on the transfer and kept in its timeline.
 */
export const TRANSFER_CANCEL_REASON_MAX = 500;
export const TRANSFER_CANCEL_REASON_LENGTH_MESSAGE = english('messages.transferCancelReasonLength');
export const ZCancelTransferRequest = deferred(() =>
  z.strictObject({
    reason: z
      .string()
      .trim()
      .max(TRANSFER_CANCEL_REASON_MAX, coded('messages.transferCancelReasonLength'))
      .optional(),
  }),
);
export type TCancelTransferRequest = z.infer<typeof ZCancelTransferRequest>;

/** A day in ISO form; from year 1 (ISO and JavaScript have a year 0000, PostgreSQL's dates do not). */
export const ZQueryDate = deferred(() =>
  z.iso
    .date(coded('messages.dateFormat'))
    .refine((value) => !value.startsWith('0000'), coded('messages.dateFormat')),
);

/**
 * A range that ends before it starts matches nothing: it is refused, on its end (`to`), rather than
 * answered with an empty list or an empty CSV.
 */
export const TRANSACTIONS_DATE_RANGE_MESSAGE = english('messages.transactionsDateRange');

/**
 * The list's filters (also the CSV export's): the whole filtered set, newest first. The page checks
 * the range with this schema too, before it asks.
 */
export const ZTransactionsFilters = deferred(() =>
  z
    .object({
      type: ZTransferType.optional(),
      status: ZTransferStatus.optional(),
      currency: ZFiatCurrency.optional(),
      /** From this UTC day on (inclusive). */
      from: ZQueryDate.optional(),
      /** Up to this UTC day (inclusive). */
      to: ZQueryDate.optional(),
      /**
       * `me`: only the off-ramps waiting for the reader's approval (awaiting approval, created by someone
       * else: a creator cannot approve their own), what the overview's "Waiting for you" counts.
       */
      waitingFor: z.literal('me', coded('messages.waitingForMe')).optional(),
    })
    .refine(({ from, to }) => !from || !to || from <= to, {
      ...coded('messages.transactionsDateRange'),
      path: ['to'],
    }),
);
export type TTransactionsFilters = z.infer<typeof ZTransactionsFilters>;

/**
 * The API's paging is strict (a bad value is a 400); the page's own reading falls back instead. The
 * filters' range check comes with them (`extend` keeps it).
 */
export const ZTransactionsQuery = deferred(() =>
  ZTransactionsFilters.extend({
    page: z.coerce
      .number(coded('messages.pageWholeNumber'))
      .int(coded('messages.pageWholeNumber'))
      .min(1, coded('messages.pageWholeNumber'))
      .default(1),
    size: z.coerce
      .number(coded('messages.sizeRange100'))
      .int(coded('messages.sizeRange100'))
      .min(1, coded('messages.sizeRange100'))
      .max(TRANSACTIONS_PAGE_SIZE_MAX, {
        ...coded('messages.sizeRange100'),
      })
      .default(10),
  }),
);
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

/**
 * The list counts at most this many matching transfers: counting 100,000 rows on every page costs
 * more than the page itself, so beyond it the total is a lower bound (`totalIsExact` false).
 */
export const TRANSACTIONS_COUNT_CAP = 10_000;

/**
 * A transfer as the list carries it: what a row shows and what the list filters on, with the network
 * that gives a stablecoin amount its meaning (the same symbol is another token on another chain). The
 * rest (rate, fee, payment instructions, references, approval, creator) is on the detail (GET
 * rails/transactions/{uid}). A row of the demo organization is 531 bytes of JSON instead of 1,064,
 * and the API and the browser serialize, parse and validate half as much.
 */
export const ZTransferSummary = deferred(() =>
  ZTransfer.pick({
    uid: true,
    type: true,
    status: true,
    provider: true,
    network: true,
    sourceCurrency: true,
    sourceAmount: true,
    targetCurrency: true,
    targetAmount: true,
    fiatCurrency: true,
    wallet: true,
    bankBeneficiary: true,
    createdAt: true,
    updatedAt: true,
  }),
);
export type TTransferSummary = z.infer<typeof ZTransferSummary>;

export const ZTransactionsResponse = deferred(() =>
  z.object({
    data: z.array(ZTransferSummary),
    page: z.number().int(),
    size: z.number().int(),
    /** The number of matching transfers, at most TRANSACTIONS_COUNT_CAP (then a lower bound). */
    total: z.number().int(),
    totalIsExact: z.boolean(),
  }),
);
export type TTransactionsResponse = z.infer<typeof ZTransactionsResponse>;

/** The organization's balance per ledger account and currency, from posted entries (pending apart). */
export const ZLedgerBalance = deferred(() =>
  z.object({
    account: z.string(),
    currency: z.string(),
    posted: z.string(),
    pending: z.string(),
  }),
);
export type TLedgerBalance = z.infer<typeof ZLedgerBalance>;
export const ZLedgerBalancesResponse = deferred(() => z.object({ data: z.array(ZLedgerBalance) }));

export const TRANSACTIONS_CSV_COLUMNS = [
  'uid',
  'created_at',
  'type',
  'status',
  'provider',
  'source_amount',
  'source_currency',
  'target_amount',
  'target_currency',
  'fee',
  'rate',
  'network',
  'provider_reference',
  'tx_hash',
  // Who it went to, as the transfer recorded them (a wallet or beneficiary deleted since stays named):
  // the wallet's or the beneficiary's name, and the wallet address, CLABE or Pix key.
  'counterparty_name',
  'counterparty_account',
  /** The payout's Pix end-to-end id or SPEI tracking key (off-ramps). */
  'payout_reference',
] as const;

export const QUOTE_NOT_FOUND_MESSAGE = english('messages.quoteNotFound');
export const QUOTE_EXPIRED_MESSAGE = english('messages.quoteExpired');
export const QUOTE_USED_MESSAGE = english('messages.quoteUsed');
export const TRANSFER_NOT_FOUND_MESSAGE = english('messages.transactionNotFound');
export const PROVIDER_ACCOUNT_NOT_ACTIVE_MESSAGE = english('messages.providerAccountRequired');
export const PROVIDER_CURRENCY_MESSAGE = english('messages.providerCurrencyUnsupported');
export const QUOTE_WALLET_NETWORK_MESSAGE = english('messages.targetWalletNetworkMismatch');
export const SOURCE_WALLET_NETWORK_MESSAGE = english('messages.sourceWalletNetworkMismatch');
export const SOURCE_SAFE_NETWORK_MESSAGE = english('messages.sourceSafeNetworkMismatch');
export const SOURCE_SAFE_OR_WALLET_MESSAGE = english('messages.sourceSafeOrWallet');
export const QUOTE_BENEFICIARY_CURRENCY_MESSAGE = english('messages.beneficiaryCurrencyMismatch');
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = english('messages.idempotencyKeyRequired');
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = english('messages.idempotencyKeyReused');
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE = english('messages.idempotencyInProgress');
export const TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE = english('messages.transferNotAwaitingApproval');
export const OWN_TRANSFER_APPROVAL_MESSAGE = english('messages.secondApproverRequired');
export const WALLET_NOT_FOUND_FOR_TRANSFER_MESSAGE = english('messages.targetWalletNotFound');
export const SOURCE_WALLET_NOT_FOUND_MESSAGE = english('messages.sourceWalletNotFound');
export const BENEFICIARY_NOT_FOUND_FOR_TRANSFER_MESSAGE = english('messages.bankBeneficiaryNotFound');

/** The CSV export of exactly the filtered set: a download link, so the organization is in the path. */
export function transactionsExportPath(organizationUid: string, filters: TTransactionsFilters): string {
  return withSearch(
    `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/transactions/export.csv`,
    filters,
  );
}

/**
 * The on-ramp / off-ramp page's form (before the quote): the quote request's rules, with the
 * counterparty (target wallet or bank beneficiary) chosen on the same form.
 */
export const ZRampForm = deferred(() =>
  z.object({
    providerUid: z.string().min(1, coded('messages.chooseProvider')),
    currency: ZFiatCurrency,
    counterpartyUid: z.string().min(1, coded('messages.chooseDestination')),
    network: z.string(),
    amount: ZPositiveAmount,
    /** Off-ramp: the registered wallet it is paid from; '' for an external wallet. */
    sourceWalletUid: z.string().optional(),
  }),
);
export type TRampForm = z.infer<typeof ZRampForm>;
/** The on-ramp page's form: its amount is fiat (at most 2 decimals), as the quote request says. */
export const ZOnRampForm = deferred(() =>
  ZRampForm.superRefine((form, context) => checkAmountDecimals('on_ramp', form.amount, context)),
);
/** The off-ramp page's form: its amount is the stablecoin's (at most 6 decimals). */
export const ZOffRampForm = deferred(() =>
  ZRampForm.superRefine((form, context) => checkAmountDecimals('off_ramp', form.amount, context)),
);
