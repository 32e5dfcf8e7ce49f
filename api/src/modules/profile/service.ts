import {
  codedMessage,
  EMAIL_CHANGE_TTL_MINUTES,
  type TLocale,
  type TMeResponse,
  type TUpdateProfileRequest,
  type TUser,
} from '@dash/shared/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { isOperator } from '../../http/guards';
import {
  createRateLimiter,
  createToken,
  hashToken,
  isAllowlisted,
  RATE_LIMIT_WINDOW_MS,
} from '../auth/index';
import { emailChangedMail, emailChangeMail, findLocaleOfEmail, type Mailer } from '../mail/index';
import {
  consumeEmailChange,
  findEmailChangeOwner,
  findUserByEmail,
  insertEmailChange,
  lockUser,
  replaceUserEmail,
  updateUserProfile,
  voidPendingEmailChanges,
} from './repo';

const emailTaken = (cause?: unknown) =>
  new AppError(
    'CONFLICT',
    codedMessage('messages.emailTaken'),
    { email: codedMessage('messages.emailTaken') },
    { cause },
  );

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'authAllowlist' | 'authRateLimitPerEmail' | 'operatorEmails'>;
}) {
  const { db, mailer, config } = deps;
  // Each request mails an address the user typed: the same budget as sign-in links, per user.
  const perUser = createRateLimiter({
    db,
    name: 'email-change',
    limit: config.authRateLimitPerEmail,
    windowMs: RATE_LIMIT_WINDOW_MS,
  });

  return {
    async update(user: TUser, profile: TUpdateProfileRequest): Promise<TMeResponse['data']> {
      const updated = await updateUserProfile(db, user.uid, profile);
      if (!updated) throw new AppError('UNAUTHENTICATED', codedMessage('messages.signInToContinue'));
      // The same answer as GET me (the UI replaces the session with it), operator mark included.
      return {
        ...updated,
        type: 'user',
        ...(isOperator(config, updated) ? { operator: true as const } : {}),
      };
    },

    /**
     * Mails a single-use confirmation link (1 hour) to the new address, in the user's language (else
     * the request's); nothing changes until it is opened. Links mailed before it no longer work.
     */
    async requestEmailChange(user: TUser, email: string, requestLocale: TLocale): Promise<void> {
      if (email === user.email) {
        throw new AppError('VALIDATION', codedMessage('messages.emailUnchanged'), {
          email: codedMessage('messages.emailUnchanged'),
        });
      }
      if (!isAllowlisted(config.authAllowlist, email)) {
        throw new AppError('NOT_ALLOWLISTED', codedMessage('messages.notAllowlisted'), {
          email: codedMessage('messages.notAllowlisted'),
        });
      }
      if (await findUserByEmail(db, email)) throw emailTaken();
      const decision = await perUser.hit(user.uid);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', codedMessage('messages.rateLimited'), undefined, {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
      }
      const token = createToken();
      await db.transaction(async (tx) => {
        if (!(await lockUser(tx, user.uid)))
          throw new AppError('UNAUTHENTICATED', codedMessage('messages.signInToContinue'));
        // Only the newest link may ever work: an address given up (a typo someone else owns) must
        // not be able to take the account later with the link mailed to it.
        await voidPendingEmailChanges(tx, user.uid);
        await insertEmailChange(tx, {
          tokenHash: hashToken(token),
          userUid: user.uid,
          newEmail: email,
          ttlMinutes: EMAIL_CHANGE_TTL_MINUTES,
        });
      });
      const link = `${config.publicUrl}/change-email?token=${encodeURIComponent(token)}`;
      await mailer.send({ to: email, ...emailChangeMail(user.locale ?? requestLocale, link) });
    },

    /**
     * Confirms a change with the token from the link (no session needed: the link may be opened in
     * another browser). Single use, and it spends the user's other links too; an address taken
     * meanwhile by someone else is a 409.
     */
    async confirmEmailChange(token: string, requestLocale: TLocale): Promise<{ email: string }> {
      const tokenHash = hashToken(token);
      type Outcome =
        | { kind: 'changed'; newEmail: string; previousEmail: string }
        | { kind: 'unknown' }
        | { kind: 'spent' };
      let outcome: Outcome;
      try {
        outcome = await db.transaction(async (tx): Promise<Outcome> => {
          const userUid = await findEmailChangeOwner(tx, tokenHash);
          if (!userUid) return { kind: 'unknown' };
          // Under the user's lock, a link voided by a newer request or confirmation is seen as used.
          if (!(await lockUser(tx, userUid))) return { kind: 'spent' };
          const change = await consumeEmailChange(tx, tokenHash);
          if (!change) return { kind: 'spent' };
          await voidPendingEmailChanges(tx, change.userUid);
          const replaced = await replaceUserEmail(tx, change.userUid, change.newEmail);
          if (!replaced) return { kind: 'spent' };
          return { kind: 'changed', newEmail: change.newEmail, previousEmail: replaced.previousEmail };
        });
      } catch (error) {
        // The transaction rolled back: this link, and any other of the user's still pending, still works.
        if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken(error);
        throw error;
      }
      if (outcome.kind === 'spent') throw new AppError('GONE', codedMessage('messages.emailChangeLinkGone'));
      if (outcome.kind === 'unknown') {
        throw new AppError('VALIDATION', codedMessage('messages.emailChangeLinkInvalid'), {
          token: codedMessage('messages.emailChangeLinkInvalid'),
        });
      }
      // The old address hears about it, so a hijacked session cannot move the account silently.
      const locale = (await findLocaleOfEmail(db, outcome.newEmail)) ?? requestLocale;
      await mailer.send({ to: outcome.previousEmail, ...emailChangedMail(locale, outcome.newEmail) });
      return { email: outcome.newEmail };
    },
  };
}
