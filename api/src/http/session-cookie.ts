import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** A session cookie value is 32 random bytes in base64url; anything else is not worth a query. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type CookieConfig = Pick<Config, 'sessionCookieName' | 'nodeEnv'>;

function cookieOptions(config: CookieConfig) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.nodeEnv === 'production',
  };
}

export function setSessionCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(config.sessionCookieName, token, { ...cookieOptions(config), maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(config.sessionCookieName, cookieOptions(config));
}
