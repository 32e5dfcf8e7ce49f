import { deferred, english } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { positiveDecimal } from './money';

export const TRANSACTIONS_PAGE_DEFAULT = 1;
export const TRANSACTIONS_PAGE_SIZE_DEFAULT = 10;
export const TRANSACTIONS_PAGE_SIZE_MAX = 100;

/**
 * Transactions paging (spec sections 2 and 9): page at least 1 (default 1), size 1 to 100
 * (default 10). Values out of range fall back to the defaults rather than failing the page.
 */
export const ZTransactionsPaging = deferred(() =>
  z.object({
    page: z.coerce.number().int().min(1).catch(TRANSACTIONS_PAGE_DEFAULT),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(TRANSACTIONS_PAGE_SIZE_MAX)
      .catch(TRANSACTIONS_PAGE_SIZE_DEFAULT),
  }),
);
export type TTransactionsPaging = z.infer<typeof ZTransactionsPaging>;

export function readTransactionsPaging(search: URLSearchParams): TTransactionsPaging {
  return ZTransactionsPaging.parse({
    page: search.get('page') ?? undefined,
    size: search.get('size') ?? undefined,
  });
}

/**
 * GET / PUT rails/settings (PUT: Admins, organization.update): off-ramps of a larger stablecoin
 * amount than the threshold wait for a second member's approval; null turns approval off. Here, not
 * in transfers.ts: the settings page that edits it takes no other transfer schema.
 */
export const APPROVAL_THRESHOLD_POSITIVE_MESSAGE = english('messages.amountGreaterThanZero');
export const ZRailsSettings = deferred(() =>
  z.strictObject({
    offRampApprovalThreshold: positiveDecimal('messages.amountGreaterThanZero').nullable(),
  }),
);
export type TRailsSettings = z.infer<typeof ZRailsSettings>;
export const ZRailsSettingsResponse = deferred(() => z.object({ data: ZRailsSettings }));
