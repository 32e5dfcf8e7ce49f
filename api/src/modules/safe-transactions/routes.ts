import {
  ZConfirmSafeTransactionRequest,
  ZProposeSafeTransactionRequest,
  ZSafeTransactionHistoryQuery,
  ZSafeTransactionHistoryResponse,
  ZSafeTransactionParams,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationGuard } from '../../http/guards';
import { runIdempotent } from '../../http/idempotency';
import { defineRoute } from '../../http/route';
import { confirmSafeTransaction } from './confirm-safe-transaction';
import type { SafeTransactionDeps } from './deps';
import {
  getSafeTransactionView,
  listSafeTransactionHistory,
  listSafeTransactionViews,
} from './get-safe-transactions';
import { prepareProposal, proposeSafeTransaction } from './propose-safe-transaction';

export function registerSafeTransactionRoutes(app: FastifyInstance, deps: SafeTransactionDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/wallet/transactions',
    summary: "The Safe's queue (by nonce, conflicts shown) and its history's first page, as list rows",
    guard: organizationGuard('wallet.read'),
    response: ZSafeTransactionsResponse,
    // The same for every member (nothing in it is the reader's); emptied by every write and event.
    cacheKey: ({ auth }) => `${auth.organization.uid}:safe-transactions`,
    async handler({ auth }) {
      return { data: await listSafeTransactionViews(deps, auth.organization.uid) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/wallet/transactions/history',
    summary: "The Safe's history, older pages (keyset cursor: the previous page's historyCursor)",
    guard: organizationGuard('wallet.read'),
    query: ZSafeTransactionHistoryQuery,
    response: ZSafeTransactionHistoryResponse,
    cacheKey: ({ auth, query }) =>
      `${auth.organization.uid}:safe-transactions:history:${query.cursor ?? ''}:${query.limit}`,
    async handler({ auth, query }) {
      return { data: await listSafeTransactionHistory(deps, auth.organization.uid, query) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/transactions',
    messageCodes: [
      'messages.safeNotDeployed',
      'messages.safeRejectionExists',
      'messages.safeWalletNotOnNetwork',
      'messages.safeNoTransactionAtNonce',
      'messages.safeNotOnNetwork',
      'messages.safeAmountDecimals',
      'messages.safeTokenNotOnNetwork',
      'messages.safeTransactionDuplicate',
    ],
    status: 201,
    summary:
      'Proposes a Safe transaction: a token transfer to a registered wallet, or a rejection (Idempotency-Key required)',
    guard: organizationGuard('wallet.propose'),
    idempotent: true,
    body: ZProposeSafeTransactionRequest,
    response: ZSafeTransactionResponse,
    handler: ({ request, reply, auth, body }) =>
      runIdempotent(
        deps.db,
        request,
        reply,
        { organizationUid: auth.organization.uid, userUid: auth.user.uid },
        201,
        (tx, prepared: { chainId: number; chainNonce: bigint }) =>
          proposeSafeTransaction(deps, tx, auth, body, prepared),
        () => prepareProposal(deps, auth, body),
      ),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/wallet/transactions/:safeTxHash',
    messageCodes: ['messages.safeTransactionNotFound'],
    summary: 'One Safe transaction: its SafeTx, hashes, typed data, confirmations and missing signers',
    guard: organizationGuard('wallet.read'),
    params: ZSafeTransactionParams,
    response: ZSafeTransactionResponse,
    cacheKey: ({ auth, params }) => `${auth.organization.uid}:safe-transaction:${params.safeTxHash}`,
    async handler({ auth, params }) {
      return { data: await getSafeTransactionView(deps, auth.organization.uid, params.safeTxHash) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/transactions/:safeTxHash/confirmations',
    messageCodes: [
      'messages.safeSignatureNotOwner',
      'messages.safeTransactionNotFound',
      'messages.safeSignatureNotYours',
      'messages.safeDeviceUnverified',
      'messages.safeAlreadyConfirmed',
      'messages.safeNotAwaiting',
    ],
    status: 201,
    summary: "An owner's confirmation, signed by their own verified signing device",
    guard: organizationGuard('wallet.read'),
    params: ZSafeTransactionParams,
    body: ZConfirmSafeTransactionRequest,
    response: ZSafeTransactionResponse,
    async handler({ auth, params, body }) {
      return { data: await confirmSafeTransaction(deps, auth, params.safeTxHash, body.signature) };
    },
  });
}
