import type { FastifyInstance } from 'fastify';
import { DEMO_USER } from '../src/db/seed';

/**
 * The demo user's session cookie (`name=value`) for a benchmark's app: signs in by magic link as a
 * browser would, reading the link from the development outbox (GET dev/mailbox).
 */
export async function signInDemo(app: FastifyInstance): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v0/auth',
    headers: json,
    payload: JSON.stringify({ email: DEMO_USER.email }),
  });
  if (signIn.statusCode >= 300) throw new Error(`POST auth answered ${signIn.statusCode}: ${signIn.body}`);
  const mails = (
    await app.inject({ method: 'GET', url: `/api/v0/dev/mailbox?to=${DEMO_USER.email}` })
  ).json() as { links: string[] }[];
  const link = mails[0]?.links.find((url) => url.includes('/auth/')) ?? '';
  const verified = await app.inject({
    method: 'POST',
    url: `/api/v0/auth/${new URL(link).pathname.split('/').pop()}`,
    headers: json,
    payload: '{}',
  });
  const session = (verified.cookies as { name: string; value: string }[]).find(
    (candidate) => candidate.value !== '',
  );
  return session ? `${session.name}=${session.value}` : '';
}
