import {
  coded,
  deferred,
  english,
  type TMessageCode,
  ZEmail,
  ZLocale,
  ZMeResponse,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

export const PROFILE_NAME_MAX = 64;

const profileName = (required: TMessageCode, tooLong: TMessageCode) =>
  z.string(coded(required)).trim().max(PROFILE_NAME_MAX, coded(tooLong));

/**
 * PUT profile: first and last name, each trimmed, 0 to 64 characters, and the language (issue 14):
 * a supported locale, or null to follow the browser's; left out, the language stays as it is.
 */
export const ZUpdateProfileRequest = deferred(() =>
  z.strictObject({
    firstName: profileName('messages.firstNameRequired', 'messages.firstNameTooLong'),
    lastName: profileName('messages.lastNameRequired', 'messages.lastNameTooLong'),
    locale: ZLocale.nullable().optional(),
  }),
);
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** PUT profile answers with the session as GET me describes it. */
export const ZUpdateProfileResponse = ZMeResponse;

/** An e-mail change link works once and for one hour. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
export const EMAIL_UNCHANGED_MESSAGE = english('messages.emailUnchanged');
export const EMAIL_TAKEN_MESSAGE = english('messages.emailTaken');
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = english('messages.emailChangeLinkInvalid');
export const EMAIL_CHANGE_LINK_GONE_MESSAGE = english('messages.emailChangeLinkGone');

/** POST profile/email-change-request: mails a confirmation link to the new address. */
export const ZRequestEmailChangeRequest = deferred(() => z.strictObject({ email: ZEmail }));
export type TRequestEmailChangeRequest = z.infer<typeof ZRequestEmailChangeRequest>;

export const ZRequestEmailChangeResponse = deferred(() =>
  z.object({ data: z.object({ sent: z.literal(true) }) }),
);
export type TRequestEmailChangeResponse = z.infer<typeof ZRequestEmailChangeResponse>;

/** The token of a confirmation link: base64url of 32 random bytes. */
export const ZEmailChangeToken = deferred(() =>
  z
    .string(coded('messages.emailChangeLinkInvalid'))
    .regex(/^[A-Za-z0-9_-]{43,128}$/, coded('messages.emailChangeLinkInvalid')),
);

/** POST profile/email-change {token}: confirms the change; works with or without a session. */
export const ZConfirmEmailChangeRequest = deferred(() => z.strictObject({ token: ZEmailChangeToken }));
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequest>;

export const ZConfirmEmailChangeResponse = deferred(() =>
  z.object({ data: z.object({ email: z.string() }) }),
);
export type TConfirmEmailChangeResponse = z.infer<typeof ZConfirmEmailChangeResponse>;
