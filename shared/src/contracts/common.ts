import { z } from '@dash/shared/zod';
import { deferred } from './deferred';
import { coded, ZCodedMessage } from './message-codes';

export const API_PREFIX = '/api/v0';
/** Organization-scoped calls name their organization with this header (spec section 6). */
export const ORGANIZATION_HEADER = 'x-organization-uid';

export const ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export const ZRole = deferred(() => z.enum(ROLES));
export type TRole = z.infer<typeof ZRole>;

export const ZUid = deferred(() => z.uuid(coded('messages.invalidIdentifier')));
export const ZIsoDateTime = deferred(() => z.iso.datetime({ offset: true }));

/** An opaque keyset cursor: the previous page's `nextCursor`. */
export const ZPageCursor = deferred(() => z.string().min(1).max(200));
/** `limit`: a page size from 1 to `max`, `fallback` when absent. */
export const ZPageSize = (fallback: number, max: number) =>
  z.coerce
    .number(coded('messages.limitWholeNumber'))
    .int(coded('messages.limitWholeNumber'))
    .min(1, coded('messages.limitAtLeastOne'))
    .max(max, coded('messages.limitAtMost', { max: String(max) }))
    .default(fallback);

/** Trimmed, lowercased e-mail address: the one rule for sign-in, invites and e-mail changes. */
export const ZEmail = deferred(() =>
  z
    .string(coded('messages.emailRequired'))
    .trim()
    .toLowerCase()
    .max(254, coded('messages.emailTooLong'))
    .pipe(z.email(coded('messages.emailInvalid'))),
);

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_ALLOWLISTED',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  /** 422: a well-formed request that cannot be processed as sent (an Idempotency-Key reused with another body). */
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /**
   * 503: something the request needs cannot answer now (the database, a provider, the release gate);
   * nothing was changed and the same request may be sent again (after Retry-After when given).
   */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export const ZErrorCode = deferred(() => z.enum(ERROR_CODES));
export type TErrorCode = z.infer<typeof ZErrorCode>;

/**
 * What went wrong: the code (it gives the status), a sentence in English and its message code,
 * each refused field's message (English and coded), and the request's id.
 */
export const ZError = deferred(() =>
  z.object({
    code: ZErrorCode,
    message: z.string(),
    /** The message's code (its key in the `common` locale) and values: what a client words it from. */
    messageCode: z.string().optional(),
    params: z.record(z.string(), z.string()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Each refused field's message as a code with values, beside its English in `fields`. */
    fieldCodes: z.record(z.string(), ZCodedMessage).optional(),
    /**
     * The id the response's x-request-id header and the API's log lines carry, to quote to support.
     * This API always sends it; optional so an answer without it (a proxy's) still shows its message.
     */
    requestId: z.string().optional(),
  }),
);
export type TError = z.infer<typeof ZError>;

/** The one error body every failing API call answers with. */
export const ZErrorBody = deferred(() => z.object({ error: ZError }));
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZHealthResponse = deferred(() =>
  z.object({
    status: z.literal('ok'),
    database: z.literal('ok'),
  }),
);
export type THealthResponse = z.infer<typeof ZHealthResponse>;
