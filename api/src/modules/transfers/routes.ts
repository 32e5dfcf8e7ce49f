import { Readable } from 'node:stream';
import {
  codedMessage,
  type TMessageCode,
  TRANSACTIONS_CSV_COLUMNS,
  type TTransfer,
  ZCancelTransferRequest,
  ZCreateDepositRequest,
  ZCreateOffRampRequest,
  ZCreateOnRampRequest,
  ZCreateQuoteRequest,
  ZLedgerBalancesResponse,
  ZQuoteResponse,
  ZRailsSettings,
  ZRailsSettingsResponse,
  ZTransactionsFilters,
  ZTransactionsQuery,
  ZTransactionsResponse,
  ZTransferDetailResponse,
  ZTransferParams,
  ZTransferResponse,
  ZUid,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { csvField } from '../../http/csv';
import { AppError, validationError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import {
  approvedOrganizationGuard,
  ORGANIZATION_IN_PATH_ACCESS,
  requireApprovedOrganizationByUid,
  requireUser,
} from '../../http/guards';
import { type IdempotentWork, runIdempotent } from '../../http/idempotency';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { TARGET_WALLET_CODES } from './create-on-ramp';
import type { TransferCsvFields } from './list-repo';
import { PRICE_QUOTE_CODES, TAKE_QUOTE_CODES } from './quote';
import type { TransferService } from './service';

/**
 * One CSV line. Fields in formats the API itself writes (uid, ISO time, type, status, decimal
 * amounts, network id) never need quoting; the others (names, currencies, provider references) go
 * through csvField.
 */
function csvRow(f: TransferCsvFields): string {
  return `${f[0]},${f[1]},${f[2]},${f[3]},${csvField(f[4])},${f[5]},${csvField(f[6])},${f[7]},${csvField(f[8])},${f[9]},${f[10]},${f[11]},${csvField(f[12])},${csvField(f[13])},${csvField(f[14])},${csvField(f[15])},${csvField(f[16])}\r\n`;
}

/** Quotes, on-ramps, off-ramps, deposits and the transactions list: approved organizations only. */
export function registerTransferRoutes(
  app: FastifyInstance,
  deps: { transfers: TransferService; db: Database },
): void {
  const { transfers, db } = deps;

  defineRoute(app, {
    method: 'POST',
    url: '/rails/quotes',
    messageCodes: PRICE_QUOTE_CODES,
    status: 201,
    summary: "A provider's quote for an on-ramp or off-ramp (rate, fees, amount delivered, expiry)",
    guard: approvedOrganizationGuard('rails.write'),
    body: ZCreateQuoteRequest,
    response: ZQuoteResponse,
    async handler({ auth, body }) {
      return { data: await transfers.createQuote(auth, body) };
    },
  });

  /** A POST that moves money: Admins and Editors of an approved organization, one Idempotency-Key each. */
  function moneyRoute<TBody extends z.ZodType, P = undefined>(
    url: string,
    summary: string,
    body: TBody,
    create: (
      tx: Database,
      auth: OrganizationContext,
      body: z.output<TBody>,
      prepared: P,
    ) => Promise<IdempotentWork<{ data: TTransfer }>>,
    messageCodes: readonly TMessageCode[],
    /** Before the transaction, once the key is claimed: calls to the provider (see runIdempotent). */
    prepare?: (auth: OrganizationContext, body: z.output<TBody>) => Promise<P>,
  ) {
    defineRoute(app, {
      method: 'POST',
      url,
      messageCodes,
      status: 201,
      summary: `${summary} (Idempotency-Key required)`,
      guard: approvedOrganizationGuard('rails.write'),
      idempotent: true,
      body,
      response: ZTransferResponse,
      handler: ({ request, reply, auth, body: parsed }) =>
        runIdempotent(
          db,
          request,
          reply,
          { organizationUid: auth.organization.uid, userUid: auth.user.uid },
          201,
          (tx, prepared: P) => create(tx, auth, parsed as z.output<TBody>, prepared),
          prepare ? () => prepare(auth, parsed as z.output<TBody>) : undefined,
        ),
    });
  }

  moneyRoute(
    '/rails/on-ramps',
    'Accept an on-ramp quote to a registered wallet',
    ZCreateOnRampRequest,
    transfers.createOnRamp,
    [...TAKE_QUOTE_CODES, ...TARGET_WALLET_CODES],
  );
  moneyRoute(
    '/rails/off-ramps',
    'Accept an off-ramp quote to a bank beneficiary',
    ZCreateOffRampRequest,
    transfers.createOffRamp,
    [
      ...TAKE_QUOTE_CODES,
      'messages.bankBeneficiaryNotFound',
      'messages.beneficiaryCurrencyMismatch',
      'messages.sourceSafeOrWallet',
      'messages.sourceWalletNetworkMismatch',
      'messages.sourceSafeNetworkMismatch',
      'messages.sourceWalletNotFound',
      'messages.safeNotDeployed',
    ],
  );
  moneyRoute(
    '/deposits',
    'A deposit (Transfero, BRL, testbrz on polygon-amoy) to a registered wallet',
    ZCreateDepositRequest,
    transfers.createDeposit,
    [...PRICE_QUOTE_CODES, ...TAKE_QUOTE_CODES, ...TARGET_WALLET_CODES],
    transfers.quoteDeposit,
  );

  defineRoute(app, {
    method: 'POST',
    url: '/rails/transactions/:transferUid/approve',
    messageCodes: [
      'messages.secondApproverRequired',
      'messages.transactionNotFound',
      'messages.transferNotAwaitingApproval',
    ],
    summary: "A second member's approval of an off-ramp above the organization's threshold",
    guard: approvedOrganizationGuard('rails.write'),
    params: ZTransferParams,
    response: ZTransferResponse,
    async handler({ auth, params }) {
      return { data: await transfers.approve(auth, params.transferUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/rails/transactions/:transferUid/cancel',
    messageCodes: ['messages.transactionNotFound', 'messages.transferNotAwaitingApproval'],
    summary:
      'Calls off an off-ramp waiting for approval: withdrawn by its creator or rejected by another member, with an optional reason',
    guard: approvedOrganizationGuard('rails.write'),
    params: ZTransferParams,
    body: ZCancelTransferRequest,
    response: ZTransferResponse,
    async handler({ auth, params, body }) {
      return { data: await transfers.cancel(auth, params.transferUid, body) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/rails/transactions',
    summary: 'On-ramps, off-ramps and deposits, newest first, filtered and paged (page >= 1, size 1..100)',
    guard: approvedOrganizationGuard('rails.read'),
    query: ZTransactionsQuery,
    response: ZTransactionsResponse,
    cacheKey: ({ auth, query }) => `${auth.organization.uid}:${JSON.stringify(query)}`,
    handler: ({ auth, query }) => transfers.list(auth, query),
  });

  // A download link (the browser sends no organization header), so the organization is in the path.
  documentRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/transactions/export.csv',
    messageCodes: ['messages.organizationNotApproved'],
    summary: 'The filtered transactions as CSV, streamed (same filters as the list, no paging)',
    access: ORGANIZATION_IN_PATH_ACCESS,
    query: ZTransactionsFilters,
    responses: { 200: { contentType: 'text/csv', description: 'One row per transaction, newest first' } },
  });
  app.get('/organizations/:organizationUid/transactions/export.csv', async (request, reply) => {
    const { organizationUid } = request.params as Record<string, string>;
    const uid = ZUid.safeParse(organizationUid);
    if (!uid.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
    }
    const auth = await requireApprovedOrganizationByUid(request, uid.data, 'rails.read');
    const parsed = ZTransactionsFilters.safeParse(request.query);
    if (!parsed.success) throw validationError(parsed.error);
    const rows = transfers.exportRows(auth, parsed.data);
    async function* lines() {
      yield `${TRANSACTIONS_CSV_COLUMNS.join(',')}\r\n`;
      for await (const batch of rows) yield batch.map(csvRow).join('');
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="transactions.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines()));
  });

  defineRoute(app, {
    method: 'GET',
    url: '/rails/transactions/:transferUid',
    messageCodes: ['messages.transactionNotFound'],
    summary: 'One transaction with its timeline of status changes',
    guard: approvedOrganizationGuard('rails.read'),
    params: ZTransferParams,
    response: ZTransferDetailResponse,
    async handler({ auth, params }) {
      return { data: await transfers.get(auth, params.transferUid) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/rails/balances',
    summary: "The organization's ledger balances per account and currency (posted and pending)",
    guard: approvedOrganizationGuard('rails.read'),
    response: ZLedgerBalancesResponse,
    async handler({ auth }) {
      return { data: await transfers.balances(auth) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/rails/settings',
    summary: "The organization's rails settings (off-ramp approval threshold)",
    guard: approvedOrganizationGuard('rails.read'),
    response: ZRailsSettingsResponse,
    async handler({ auth }) {
      return { data: await transfers.getApprovalThreshold(auth) };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/rails/settings',
    summary: 'Set the off-ramp approval threshold (Admins)',
    guard: approvedOrganizationGuard('organization.update'),
    body: ZRailsSettings,
    response: ZRailsSettingsResponse,
    async handler({ auth, body }) {
      return { data: await transfers.setApprovalThreshold(auth, body.offRampApprovalThreshold) };
    },
  });
}
