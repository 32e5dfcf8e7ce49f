import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one HMAC-SHA256 check for signed requests that reach us without a session (the inbound mail
 * webhook, provider webhooks): computed over the raw bytes and compared in constant time.
 */
export function hmacSha256(secret: string, ...parts: (string | Buffer)[]): Buffer {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** True when `hex` is the HMAC-SHA256 of the parts (a malformed or short hex string is false). */
export function hmacSha256Matches(secret: string, hex: string, ...parts: (string | Buffer)[]): boolean {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), hmacSha256(secret, ...parts));
}

/** Signed webhooks: `t=<unix seconds>,v1=<hex of HMAC(secret, "<t>." + body)>` (the Stripe scheme). */
export function signTimestamped(secret: string, body: string | Buffer, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacSha256(secret, `${unixSeconds}.`, body).toString('hex')}`;
}

/**
 * Checks a `t=…,v1=…` header: the signature over timestamp and raw body, and a timestamp no further
 * than `toleranceSeconds` from now (a replayed old delivery is refused).
 */
export function verifyTimestamped(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
  options: { toleranceSeconds: number; nowSeconds?: number },
): 'ok' | 'bad-signature' | 'stale' {
  if (typeof header !== 'string') return 'bad-signature';
  const fields = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    if (!key || rest.length === 0) continue;
    fields.set(key, [...(fields.get(key) ?? []), rest.join('=')]);
  }
  const timestamp = fields.get('t')?.[0];
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const signed = (fields.get('v1') ?? []).some((hex) =>
    hmacSha256Matches(secret, hex, `${timestamp}.`, body),
  );
  if (!signed) return 'bad-signature';
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  return Math.abs(now - Number(timestamp)) <= options.toleranceSeconds ? 'ok' : 'stale';
}
