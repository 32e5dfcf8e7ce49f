import { createHash, randomBytes } from 'node:crypto';
import {
  codedMessage,
  english,
  safeRedirectPath,
  type TLocale,
  type TOrganization,
  type TRequestMagicLinkRequest,
  type TVerifyMagicLinkResponse,
} from '@dash/shared/contracts';
import type { AuthAllowlist, Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { AuthenticatedSession } from '../../http/guards';
import { findLocaleOfEmail, type Mailer, signInMail } from '../mail/index';
import { createRateLimiter } from './rate-limiter';
import {
  consumeMagicLink,
  deleteSession,
  extendSession,
  findOrCreateUser,
  insertMagicLink,
  insertSession,
  magicLinkExists,
  prepareFindLiveSession,
  prepareFindLiveSessionWithMembership,
} from './repo';

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;
export const RATE_LIMITED_MESSAGE = english('messages.rateLimited');
export const NOT_ALLOWLISTED_MESSAGE = english('messages.notAllowlisted');
export const LINK_GONE_MESSAGE = english('messages.linkGone');
export const LINK_INVALID_MESSAGE = english('messages.linkInvalid');

/** 32 random bytes as base64url: 43 characters, 256 bits. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out working links or sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isAllowlisted(allowlist: AuthAllowlist | null, email: string): boolean {
  if (allowlist === null) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return allowlist.emails.has(email) || allowlist.domains.has(domain);
}

export interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'authAllowlist' | 'authRateLimitPerEmail' | 'authRateLimitPerIp'>;
  /** Clock for the rate limiters (tests). */
  now?: () => number;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, mailer, config, now }: AuthServiceDeps) {
  const findLiveSession = prepareFindLiveSession(db);
  const findLiveSessionWithMembership = prepareFindLiveSessionWithMembership(db);

  async function extendWhenDue(session: { id: string; dueForExtension: boolean }): Promise<boolean> {
    if (session.dueForExtension) await extendSession(db, session.id);
    return session.dueForExtension;
  }
  const perEmail = createRateLimiter({
    db,
    name: 'sign-in-email',
    limit: config.authRateLimitPerEmail,
    windowMs: RATE_LIMIT_WINDOW_MS,
    ...(now ? { now } : {}),
  });
  const perIp = createRateLimiter({
    db,
    name: 'sign-in-ip',
    limit: config.authRateLimitPerIp,
    windowMs: RATE_LIMIT_WINDOW_MS,
    ...(now ? { now } : {}),
  });

  async function throttle(ip: string, email: string): Promise<void> {
    // The address budget is only spent on requests the client's budget lets through.
    const decision = await perIp.hit(ip);
    const final = decision.allowed ? await perEmail.hit(email) : decision;
    if (!final.allowed) {
      throw new AppError('RATE_LIMITED', codedMessage('messages.rateLimited'), undefined, {
        headers: { 'retry-after': String(final.retryAfterSeconds) },
      });
    }
  }

  return {
    /**
     * POST auth: mails a single-use sign-in link valid for 15 minutes, in the language the user chose,
     * else the one of the request (client.locale, from Accept-Language: a new user's browser).
     */
    async requestMagicLink(
      input: TRequestMagicLinkRequest,
      client: { ip: string; locale: TLocale },
    ): Promise<void> {
      await throttle(client.ip, input.email);
      if (!isAllowlisted(config.authAllowlist, input.email)) {
        throw new AppError('NOT_ALLOWLISTED', codedMessage('messages.notAllowlisted'));
      }
      const token = createToken();
      await insertMagicLink(db, {
        tokenHash: hashToken(token),
        email: input.email,
        // An unsafe redirect is dropped, never an error: the link still signs in, to the home page.
        redirect: safeRedirectPath(input.redirect) ?? null,
      });
      const locale = (await findLocaleOfEmail(db, input.email)) ?? client.locale;
      await mailer.send({ to: input.email, ...signInMail(locale, `${config.publicUrl}/auth/${token}`) });
    },

    /** POST auth/{token}: consumes the link and opens a session; the caller sets the cookie. */
    async verifyMagicLink(
      token: string,
    ): Promise<{ answer: TVerifyMagicLinkResponse; sessionToken: string }> {
      const tokenHash = hashToken(token);
      const sessionToken = createToken();
      const outcome = await db.transaction(async (tx) => {
        const link = await consumeMagicLink(tx, tokenHash);
        if (!link) return undefined;
        const user = await findOrCreateUser(tx, link.email);
        await insertSession(tx, { tokenHash: hashToken(sessionToken), userUid: user.uid });
        return { link, user };
      });
      if (!outcome) {
        if (await magicLinkExists(db, tokenHash))
          throw new AppError('GONE', codedMessage('messages.linkGone'));
        throw new AppError('VALIDATION', codedMessage('messages.linkInvalid'), {
          token: codedMessage('messages.linkInvalid'),
        });
      }
      const answer: TVerifyMagicLinkResponse = { status: outcome.user.created ? 'registered' : 'signed-in' };
      if (outcome.link.redirect !== null) answer.redirect = outcome.link.redirect;
      return { answer, sessionToken };
    },

    async signOut(sessionToken: string | undefined): Promise<void> {
      if (sessionToken !== undefined) await deleteSession(db, hashToken(sessionToken));
    },

    /** Resolves a session cookie; extends the session when its last extension is over a day old. */
    async authenticate(sessionToken: string): Promise<AuthenticatedSession | null> {
      const session = await findLiveSession(hashToken(sessionToken));
      if (!session) return null;
      return {
        user: session.user,
        extended: await extendWhenDue(session),
        validUntil: session.cacheableUntil.getTime(),
      };
    },

    /** authenticate() plus the user's membership of one organization, in one query. */
    async authenticateForOrganization(
      sessionToken: string,
      organizationUid: string,
    ): Promise<{ session: AuthenticatedSession; organization: TOrganization | null } | null> {
      const found = await findLiveSessionWithMembership(hashToken(sessionToken), organizationUid);
      if (!found) return null;
      return {
        session: {
          user: found.user,
          extended: await extendWhenDue(found),
          validUntil: found.cacheableUntil.getTime(),
        },
        organization: found.organization,
      };
    },
  };
}
