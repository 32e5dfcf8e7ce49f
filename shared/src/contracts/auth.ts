import { z } from '@dash/shared/zod';
import { ZEmail, ZUid } from './common';
import { deferred } from './deferred';
import { ZLocale } from './locale';
import { coded } from './message-codes';

/** The longest redirect the API takes (what is sent: the percent-encoded path). */
const REDIRECT_MAX_LENGTH = 2048;

/**
 * A path that, read by a browser or by a server that decodes '%2F' and '%5C', means another origin:
 * it starts with '//' or '/\' (spelled out or percent-encoded).
 */
const OTHER_ORIGIN_PATH = /^\/(?:[/\\]|%2f|%5c)/i;

/**
 * A redirect is only ever a same-origin path: it starts with one '/', not '//' or '/\', and
 * carries no scheme. Anything else is dropped (never an error), so a crafted link cannot turn
 * sign-in into an open redirect. The answer is the normalised, percent-encoded path (what the API
 * receives and stores), checked again after normalising: '/.//evil.example' is '//evil.example'
 * once its dot segment is resolved. Checking it again gives the same answer.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  // Bounded before parsing too: bar dot segments, normalising only ever lengthens a path.
  if (typeof value !== 'string' || value.length === 0 || value.length > REDIRECT_MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || OTHER_ORIGIN_PATH.test(value)) return undefined;
  // Control characters and backslashes let browsers reinterpret the path as another origin.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'http://same-origin.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://same-origin.invalid') return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (OTHER_ORIGIN_PATH.test(path) || path.length > REDIRECT_MAX_LENGTH) return undefined;
  return path;
}

export const ZRequestMagicLinkRequest = deferred(() =>
  z.strictObject({
    email: ZEmail,
    redirect: z.string().max(REDIRECT_MAX_LENGTH).optional(),
  }),
);
export type TRequestMagicLinkRequest = z.infer<typeof ZRequestMagicLinkRequest>;

export const ZRequestMagicLinkResponse = deferred(() =>
  z.object({
    data: z.object({ sent: z.literal(true) }),
  }),
);
export type TRequestMagicLinkResponse = z.infer<typeof ZRequestMagicLinkResponse>;

/** Path parameter of POST auth/{token}: base64url of at least 32 random bytes. */
export const ZMagicLinkToken = deferred(() =>
  z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, coded('messages.linkInvalid')),
);

export const ZVerifyMagicLinkRequest = deferred(() => z.strictObject({}));

export const ZVerifyMagicLinkResponse = deferred(() =>
  z.object({
    status: z.enum(['signed-in', 'registered']),
    redirect: z.string().optional(),
  }),
);
export type TVerifyMagicLinkResponse = z.infer<typeof ZVerifyMagicLinkResponse>;

export const ZUser = deferred(() =>
  z.object({
    uid: ZUid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The user's language (issue 14); null (or absent, from an older API) follows the browser's. */
    locale: ZLocale.nullable().optional(),
  }),
);
export type TUser = z.infer<typeof ZUser>;

/** How a person is named to others: first and last name, or the e-mail while both are empty. */
export const personName = (user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): string =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** GET me: data.type is always 'user' for a dashboard session (spec section 3). */
export const ZMeResponse = deferred(() =>
  z.object({
    data: ZUser.extend({
      type: z.literal('user'),
      /** Present (true) for a platform operator (OPERATOR_EMAILS): the UI shows the compliance review. */
      operator: z.literal(true).optional(),
    }),
  }),
);
export type TMeResponse = z.infer<typeof ZMeResponse>;
export type TSessionUser = TMeResponse['data'];
