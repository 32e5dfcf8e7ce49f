import { createHmac, timingSafeEqual } from 'node:crypto';
import { type TUploadPurpose, ZUploadPurpose } from '@dash/shared/contracts';
import { z } from 'zod';

/**
 * The token of a signed upload URL: base64url(JSON claims) "." base64url(HMAC-SHA256(claims)).
 * It names the temp file and binds it to the organization, the user, the exact size and the
 * content type, until `exp` (seconds since the epoch). Single use is enforced by the temp file's
 * state, not by the token.
 */
const ZClaims = z.object({
  f: z.string(),
  o: z.string(),
  u: z.string(),
  s: z.number().int(),
  t: z.string(),
  exp: z.number().int(),
  p: ZUploadPurpose.optional(),
});

export interface UploadClaims {
  tempFileId: string;
  organizationUid: string;
  userUid: string;
  byteSize: number;
  contentType: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** What the file is for (it decides who may send it, its types and size). */
  purpose: TUploadPurpose;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

export function signUploadToken(secret: string, claims: UploadClaims): string {
  const body = Buffer.from(
    JSON.stringify({
      f: claims.tempFileId,
      o: claims.organizationUid,
      u: claims.userUid,
      s: claims.byteSize,
      t: claims.contentType,
      exp: claims.expiresAt,
      ...(claims.purpose === 'attachment' ? {} : { p: claims.purpose }),
    }),
  ).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The claims of an untampered token (expired or not), or null. */
export function verifyUploadToken(secret: string, token: string): UploadClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = ZClaims.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return {
      tempFileId: claims.f,
      organizationUid: claims.o,
      userUid: claims.u,
      byteSize: claims.s,
      contentType: claims.t,
      expiresAt: claims.exp,
      purpose: claims.p ?? 'attachment',
    };
  } catch {
    return null;
  }
}
