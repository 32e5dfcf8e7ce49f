import { coded, deferred, english, ZIsoDateTime, ZPageSize, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { ZPositiveAmount } from './money';
import { ZNetworkId } from './network-ids';

/**
 * The organization's Safe transactions, kept as the Safe Transaction Service keeps them: proposed
 * at a nonce, confirmed by owners with EIP-712 signatures over the safeTxHash, executed on chain by
 * the relayer once the threshold is reached; a rejection is the empty transaction at the same nonce.
 *
 * | Call | Who | Answer |
 * |---|---|---|
 * | GET wallet/transactions | every member (wallet.read) | 200 {data: {queued, history, historyCursor}} (list rows) |
 * | GET wallet/transactions/history?cursor&limit | every member | 200 {data: {history, historyCursor}} (list rows, older) |
 * | POST wallet/transactions {kind, …} + Idempotency-Key | Admins, Editors (wallet.propose) | 201 {data: TSafeTransaction} |
 * | GET wallet/transactions/{safeTxHash} | every member | 200 {data: TSafeTransaction} |
 * | POST wallet/transactions/{safeTxHash}/confirmations {signature} | an owner, with their verified device | 201 {data: TSafeTransaction} |
 */

export const SAFE_TRANSACTION_KINDS = ['transfer', 'rejection'] as const;
export const SAFE_TRANSACTION_STATUSES = [
  /** Fewer confirmations than the threshold. */
  'awaiting_confirmations',
  /** Enough confirmations: the relayer executes it (or will, once the nonces before it are used). */
  'ready',
  'executing',
  /** Mined: ExecutionSuccess. */
  'executed',
  /** Mined: ExecutionFailure (the nonce is used, the call reverted). */
  'failed',
  /** Another transaction used its nonce: it can never execute. */
  'replaced',
] as const;
export type TSafeTransactionStatus = (typeof SAFE_TRANSACTION_STATUSES)[number];

export const SAFE_SIGNATURE_MALFORMED = english('messages.safeSignatureMalformed');
export const SAFE_SIGNATURE_NOT_OWNER = english('messages.safeSignatureNotOwner');
export const SAFE_SIGNATURE_NOT_YOURS = english('messages.safeSignatureNotYours');
export const SAFE_DEVICE_UNVERIFIED = english('messages.safeDeviceUnverified');
export const SAFE_ALREADY_CONFIRMED = english('messages.safeAlreadyConfirmed');
export const SAFE_NOT_AWAITING = english('messages.safeNotAwaiting');
export const SAFE_NOT_DEPLOYED = english('messages.safeNotDeployed');
export const SAFE_NO_TRANSACTION_AT_NONCE = english('messages.safeNoTransactionAtNonce');
export const SAFE_REJECTION_EXISTS = english('messages.safeRejectionExists');
export const SAFE_WALLET_NOT_ON_NETWORK = english('messages.safeWalletNotOnNetwork');
export const SAFE_NOT_ON_NETWORK = english('messages.safeNotOnNetwork');
export const SAFE_TOKEN_NOT_ON_NETWORK = english('messages.safeTokenNotOnNetwork');
export const SAFE_AMOUNT_DECIMALS = english('messages.safeAmountDecimals');

export const ZProposeSafeTransactionRequest = deferred(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('transfer'),
      /** A token of the registered wallet's network, which the Safe must be deployed on (USDC, MXNB on Arbitrum Sepolia). */
      symbol: z.string().trim().min(1),
      amount: ZPositiveAmount,
      /** One of the organization's registered wallets, on a network the Safe is deployed on: it is sent from the Safe there. */
      walletUid: ZUid,
    }),
    z.strictObject({
      kind: z.literal('rejection'),
      nonce: z.number().int().nonnegative(),
      /** The network of the Safe whose nonce it is (each network's Safe has its own); default its first. */
      network: ZNetworkId.optional(),
    }),
  ]),
);
export type TProposeSafeTransactionRequest = z.input<typeof ZProposeSafeTransactionRequest>;

/** The SafeTx fields (Safe v1.4.1), uint256 values as decimal strings. */
export const ZSafeTx = deferred(() =>
  z.object({
    to: z.string(),
    value: z.string(),
    data: z.string(),
    operation: z.number().int().min(0).max(1),
    safeTxGas: z.string(),
    baseGas: z.string(),
    gasPrice: z.string(),
    gasToken: z.string(),
    refundReceiver: z.string(),
    nonce: z.string(),
  }),
);
export type TSafeTx = z.infer<typeof ZSafeTx>;

export const ZSafeTransactionParams = deferred(() =>
  z.object({ safeTxHash: z.string().regex(/^0x[0-9a-f]{64}$/) }),
);

export const ZConfirmSafeTransactionRequest = deferred(() =>
  z.strictObject({
    /** An eth_signTypedData_v4 signature of the SafeTx (v 27/28), or an eth_sign one of the safeTxHash (v 31/32). */
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, coded('messages.safeSignatureMalformed')),
  }),
);

const ZOwnerView = deferred(() =>
  z.object({
    owner: z.string(),
    /** The member whose signing device holds this owner key, when known. */
    userUid: ZUid.nullable(),
    name: z.string().nullable(),
  }),
);

export const ZSafeTransaction = deferred(() =>
  z.object({
    uid: ZUid,
    safeTxHash: z.string(),
    kind: z.enum(SAFE_TRANSACTION_KINDS),
    status: z.enum(SAFE_TRANSACTION_STATUSES),
    network: ZNetworkId,
    chainId: z.number().int().positive(),
    safeAddress: z.string(),
    nonce: z.number().int().nonnegative(),
    tx: ZSafeTx,
    /** What a transfer sends, in words a person checks before signing; null for a rejection. */
    transfer: z
      .object({
        symbol: z.string(),
        amount: z.string(),
        token: z.string(),
        recipient: z.object({ walletUid: ZUid.nullable(), name: z.string(), address: z.string() }),
      })
      .nullable(),
    /** For a hardware wallet's screen: EIP-712 domain separator and SafeTx struct hash. */
    domainHash: z.string(),
    messageHash: z.string(),
    /** What eth_signTypedData_v4 is given, as JSON (bigints as decimal strings). */
    typedData: z.string(),
    threshold: z.number().int().positive(),
    confirmations: z.array(ZOwnerView.extend({ submittedAt: ZIsoDateTime })),
    missing: z.array(ZOwnerView),
    /** Another queued transaction has the same nonce (one of them will be replaced). */
    conflict: z.boolean(),
    proposedBy: z.object({ uid: ZUid, name: z.string() }).nullable(),
    /** The off-ramp this transaction pays (its exact amount to the provider's deposit address). */
    transferUid: ZUid.nullable(),
    executionTxHash: z.string().nullable(),
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime,
  }),
);
export type TSafeTransaction = z.infer<typeof ZSafeTransaction>;
export const ZSafeTransactionResponse = deferred(() => z.object({ data: ZSafeTransaction }));

/**
 * A row of the queue or the history: what the list shows (nonce, kind, what it sends, status, how
 * many confirmations of how many, who is still missing, when) and no more. The SafeTx, its hashes
 * and typed data are the one-transaction read's (GET wallet/transactions/{safeTxHash}), read when
 * a member opens or confirms it.
 */
export const ZSafeTransactionListItem = deferred(() =>
  ZSafeTransaction.pick({
    uid: true,
    safeTxHash: true,
    kind: true,
    status: true,
    network: true,
    chainId: true,
    nonce: true,
    transfer: true,
    threshold: true,
    missing: true,
    conflict: true,
    transferUid: true,
    executionTxHash: true,
    createdAt: true,
    updatedAt: true,
  }).extend({
    /** How many owners confirmed (of `threshold` needed). */
    confirmed: z.number().int().nonnegative(),
  }),
);
export type TSafeTransactionListItem = z.infer<typeof ZSafeTransactionListItem>;

export const SAFE_HISTORY_PAGE_SIZE_DEFAULT = 50;
export const SAFE_HISTORY_PAGE_SIZE_MAX = 100;

/** GET wallet/transactions/history: `cursor` is the previous page's `historyCursor`. */
export const ZSafeTransactionHistoryQuery = deferred(() =>
  z.object({
    cursor: z.uuid(coded('messages.invalidPageCursor')).optional(),
    limit: ZPageSize(SAFE_HISTORY_PAGE_SIZE_DEFAULT, SAFE_HISTORY_PAGE_SIZE_MAX),
  }),
);
export type TSafeTransactionHistoryQuery = z.input<typeof ZSafeTransactionHistoryQuery>;

const ZHistoryPage = {
  /** Executed, failed or replaced, newest nonce first (keyset: nonce, then creation, then uid). */
  history: z.array(ZSafeTransactionListItem),
  /** Pass as `cursor` to GET wallet/transactions/history for the older page; null on the last page. */
  historyCursor: z.string().nullable(),
};

export const ZSafeTransactionsResponse = deferred(() =>
  z.object({
    data: z.object({
      /** Not yet executed nor replaced, by nonce then age (all of them). */
      queued: z.array(ZSafeTransactionListItem),
      /** The history's first page (the latest 50). */
      ...ZHistoryPage,
    }),
  }),
);
export type TSafeTransactions = z.infer<typeof ZSafeTransactionsResponse>['data'];

export const ZSafeTransactionHistoryResponse = deferred(() => z.object({ data: z.object(ZHistoryPage) }));
export type TSafeTransactionHistory = z.infer<typeof ZSafeTransactionHistoryResponse>['data'];
