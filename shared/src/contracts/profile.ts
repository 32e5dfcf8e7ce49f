import { ZEmail, ZLocale, ZMeResponse } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

export const PROFILE_NAME_MAX = 64;

const profileName = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .max(PROFILE_NAME_MAX, { message: `${label} must be at most ${PROFILE_NAME_MAX} characters` });

/**
 * PUT profile: first and last name, each trimmed, 0 to 64 characters, and the language (issue 14):
 * a supported locale, or null to follow the browser's; left out, the language stays as it is.
 */
export const ZUpdateProfileRequest = z.strictObject({
  firstName: profileName('First name'),
  lastName: profileName('Last name'),
  locale: ZLocale.nullable().optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** PUT profile answers with the session as GET me describes it. */
export const ZUpdateProfileResponse = ZMeResponse;

/** An e-mail change link works once and for one hour. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your e-mail address';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already in use';
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = 'This confirmation link is not valid';
export const EMAIL_CHANGE_LINK_GONE_MESSAGE = 'This confirmation link has expired or was already used.';

/** POST profile/email-change-request: mails a confirmation link to the new address. */
export const ZRequestEmailChangeRequest = z.strictObject({ email: ZEmail });
export type TRequestEmailChangeRequest = z.infer<typeof ZRequestEmailChangeRequest>;

export const ZRequestEmailChangeResponse = z.object({ data: z.object({ sent: z.literal(true) }) });
export type TRequestEmailChangeResponse = z.infer<typeof ZRequestEmailChangeResponse>;

/** The token of a confirmation link: base64url of 32 random bytes. */
export const ZEmailChangeToken = z
  .string({ message: EMAIL_CHANGE_LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, { message: EMAIL_CHANGE_LINK_INVALID_MESSAGE });

/** POST profile/email-change {token}: confirms the change; works with or without a session. */
export const ZConfirmEmailChangeRequest = z.strictObject({ token: ZEmailChangeToken });
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequest>;

export const ZConfirmEmailChangeResponse = z.object({ data: z.object({ email: z.string() }) });
export type TConfirmEmailChangeResponse = z.infer<typeof ZConfirmEmailChangeResponse>;
