import { coded, deferred, english, ROLES, ZIsoDateTime, ZRole, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * Organization API keys (issue 52): a secret sent as `Authorization: Bearer <secret>`, acting in one
 * organization with one role. The prefix names the environment so secret scanners can find a leak.
 */
export const API_KEY_PREFIXES = { live: 'dash_live_', test: 'dash_test_' } as const;
/** A secret is the prefix and 32 random bytes in base64url (43 characters, 256 bits). */
export const API_KEY_PATTERN = /^dash_(live|test)_[A-Za-z0-9_-]{43}$/;
/** How much of a secret the list shows to tell keys apart: the prefix and four characters. */
export const API_KEY_SHOWN_LENGTH = 'dash_live_'.length + 4;

export const API_KEY_NAME_REQUIRED = english('messages.apiKeyNameRequired');
export const API_KEY_NAME_TOO_LONG = english('messages.apiKeyNameTooLong');
export const API_KEY_NOT_FOUND_MESSAGE = english('messages.apiKeyNotFound');
export const API_KEY_ROLE_ABOVE_CREATOR_MESSAGE = english('messages.apiKeyRoleAboveCreator');
/** What a key is told where only a signed-in person may act (keys, members, personal settings). */
export const API_KEY_REFUSED_MESSAGE = english('messages.apiKeyRefused');
export const API_KEY_ORGANIZATION_MISMATCH_MESSAGE = english('messages.apiKeyOtherOrganization');
export const API_KEY_INVALID_MESSAGE = english('messages.apiKeyInvalid');

/** POST organization/api-keys. */
export const ZCreateApiKeyRequest = deferred(() =>
  z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, coded('messages.apiKeyNameRequired'))
      .max(80, coded('messages.apiKeyNameTooLong')),
    role: z.enum(ROLES),
  }),
);
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/** A key as the organization's Admins see it: never its secret. */
export const ZApiKey = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    role: ZRole,
    /** The start of the secret (`dash_live_AbCd`), to recognise it. */
    shownPrefix: z.string(),
    /** Who created it: their name, or their e-mail when they have none (null once that user is gone). */
    createdBy: z.string().nullable(),
    createdAt: ZIsoDateTime,
    /** Updated at most once a minute. */
    lastUsedAt: ZIsoDateTime.nullable(),
    revokedAt: ZIsoDateTime.nullable(),
  }),
);
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeysResponse = deferred(() => z.object({ data: z.array(ZApiKey) }));
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;

/** The one answer that carries the secret: shown once, stored only as a hash. */
export const ZCreateApiKeyResponse = deferred(() =>
  z.object({ data: ZApiKey.extend({ secret: z.string() }) }),
);
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;

export const ZApiKeyParams = deferred(() => z.strictObject({ apiKeyUid: ZUid }));
export type TApiKeyParams = z.infer<typeof ZApiKeyParams>;
