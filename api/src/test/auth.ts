import { ZMailboxResponse } from '@dash/shared/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call } from './http';

/** Asks for a sign-in link and returns the token from the newest mail to that address in the outbox. */
export async function requestSignInToken(
  app: FastifyInstance,
  email: string,
  options: { redirect?: string } = {},
): Promise<string> {
  const requested = await call(app, 'POST', '/auth', { body: { email, ...options } });
  expect(requested.statusCode, requested.body).toBe(202);
  return latestSignInToken(app, email);
}

export async function latestSignInToken(app: FastifyInstance, email: string): Promise<string> {
  const mailbox = await call(app, 'GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(mailbox.statusCode).toBe(200);
  const [mail] = ZMailboxResponse.parse(mailbox.json());
  const link = mail?.links.find((candidate) => candidate.includes('/auth/'));
  if (!link) throw new Error(`No sign-in link in the outbox for ${email}`);
  const token = new URL(link).pathname.split('/').pop();
  if (!token) throw new Error(`Sign-in link without a token: ${link}`);
  return token;
}

/** The Cookie header a browser would send after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const cookies = response.cookies as { name: string; value: string }[];
  const session = cookies.find((cookie) => cookie.value !== '');
  if (!session) throw new Error(`No cookie set by ${response.statusCode} ${response.body}`);
  return `${session.name}=${session.value}`;
}

/** Signs in through the API exactly as a person would (link from the outbox) and returns the Cookie header. */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const token = await requestSignInToken(app, email);
  const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });
  expect(verified.statusCode, verified.body).toBe(200);
  return cookieFrom(verified);
}
