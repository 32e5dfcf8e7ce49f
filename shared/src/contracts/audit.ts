import { API_PREFIX, coded, deferred, withSearch, ZIsoDateTime } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { keysetPageQuery } from './keyset-page';
import { PROVIDER_ACCOUNT_STATUSES } from './providers';
import { TRANSFER_STATUSES, ZQueryDate } from './transfers';

/**
 * The organization's audit log (Admins only):
 *
 * | Endpoint | Who | Answer |
 * |---|---|---|
 * | GET organizations/{orgUid}/audit?actor&action&from&to&cursor&limit | Admin (Editor/Viewer 403, non-member 404) | 200 a page, newest first |
 * | GET organizations/{orgUid}/audit/export.csv?actor&action&from&to | Admin | 200 text/csv, streamed |
 *
 * Both name the organization in the path: the CSV is a download link, which sends no header.
 */

/** Every action the API records, for the filter (the API accepts any well-formed action). */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.updated',
  'organization.avatar_changed',
  'organization.deleted',
  'organization.off_ramp_approval_threshold_changed',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.sent',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'kyb.draft_saved',
  'kyb.submitted',
  'kyb.approved',
  'kyb.rejected',
  'kyb.changes_requested',
  'document.uploaded',
  'wallet.signer_added',
  'wallet.signer_removed',
  'wallet.signing_device_set',
  'wallet.deploy_requested',
  'wallet.deploy_retried',
  'wallet.network_deploy_requested',
  'wallet.deployed',
  'wallet.deploy_failed',
  'registered_wallet.created',
  'registered_wallet.updated',
  'registered_wallet.deleted',
  'bank_beneficiary.created',
  'bank_beneficiary.updated',
  'bank_beneficiary.deleted',
  'provider_account.onboarding_started',
  ...PROVIDER_ACCOUNT_STATUSES.map((status) => `provider_account.${status.toLowerCase()}`),
  'webhook_endpoint.created',
  'webhook_endpoint.deleted',
  'webhook_endpoint.enabled',
  'webhook_endpoint.disabled',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.test_sent',
  'webhook_event.resent',
  'transfer.created',
  'transfer.approved',
  'transfer.held_for_review',
  ...TRANSFER_STATUSES.filter((status) => status !== 'awaiting_approval').map(
    (status) => `transfer.${status}`,
  ),
] as const;

export const AUDIT_PAGE_SIZE_MAX = 100;

/** The log's filters (also the CSV export's). */
export const ZAuditFilters = deferred(() =>
  z.object({
    /** Who did it: an e-mail (any case), 'operator:<email>', 'provider:<uid>' or 'system'. */
    actor: z.string().trim().min(1).max(320, coded('messages.auditActorTooLong')).optional(),
    action: z
      .string()
      .regex(/^[a-z_]{1,40}\.[a-z_]{1,60}$/, coded('messages.chooseAuditAction'))
      .optional(),
    /** From this UTC day on (inclusive). */
    from: ZQueryDate.optional(),
    /** Up to this UTC day (inclusive). */
    to: ZQueryDate.optional(),
  }),
);
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

/** Keyset paging: `cursor` is the previous page's `nextCursor` (an opaque string). */
export const ZAuditQuery = deferred(() => ZAuditFilters.extend(keysetPageQuery(AUDIT_PAGE_SIZE_MAX)));
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditParams = deferred(() =>
  z.object({ organizationUid: z.uuid(coded('messages.invalidIdentifier')) }),
);

export const ZAuditEvent = deferred(() =>
  z.object({
    id: z.string(),
    at: ZIsoDateTime,
    actor: z.string(),
    actorUserUid: z.string().nullable(),
    action: z.string(),
    subjectType: z.string(),
    subjectUid: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    note: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
  }),
);
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditResponse = deferred(() =>
  z.object({
    data: z.array(ZAuditEvent),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  }),
);
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'action',
  'subject_type',
  'subject_uid',
  'from',
  'to',
  'note',
  'data',
  'request_id',
  'ip',
] as const;

/** The log's path under the API (the endpoint file adds the paging). */
export function auditPath(organizationUid: string, query: Partial<TAuditQuery> = {}): string {
  return withSearch(`organizations/${encodeURIComponent(organizationUid)}/audit`, query);
}

/** The CSV export of exactly the filtered log: a download link, so the organization is in the path. */
export function auditExportPath(organizationUid: string, filters: TAuditFilters): string {
  return withSearch(
    `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/audit/export.csv`,
    filters,
  );
}
