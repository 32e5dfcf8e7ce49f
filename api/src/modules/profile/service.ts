import {
  EMAIL_CHANGE_LINK_GONE_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_TTL_MINUTES,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  type TMeResponse,
  type TUpdateProfileRequest,
  type TUser,
} from '@dash/shared/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { isOperator } from '../../http/guards';
import { createRateLimiter } from '../auth/rate-limiter';
import {
  createToken,
  hashToken,
  isAllowlisted,
  NOT_ALLOWLISTED_MESSAGE,
  RATE_LIMIT_WINDOW_MS,
  RATE_LIMITED_MESSAGE,
} from '../auth/service';
import { escapeHtml, type Mailer } from '../mail/service';
import {
  consumeEmailChange,
  emailChangeExists,
  findUserByEmail,
  insertEmailChange,
  replaceUserEmail,
  updateUserNames,
} from './repo';

export const EMAIL_CHANGE_SUBJECT = 'Confirm your new e-mail address';
export const EMAIL_CHANGED_SUBJECT = 'Your e-mail address was changed';

function confirmationMail(link: string) {
  const text = [
    'Hello,',
    '',
    'Confirm this address as your new Dash sign-in address with this link:',
    '',
    link,
    '',
    `It works once and expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
    '',
  ].join('\n');
  const href = escapeHtml(link);
  const html = [
    '<p>Hello,</p>',
    '<p>Confirm this address as your new Dash sign-in address with this link:</p>',
    `<p><a href="${href}">${href}</a></p>`,
    `<p>It works once and expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
  ].join('\n');
  return { subject: EMAIL_CHANGE_SUBJECT, text, html };
}

function changedNotice(newEmail: string) {
  const text = `Hello,\n\nYour Dash sign-in address was changed to ${newEmail}. If this was not you, contact support.\n`;
  const html = `<p>Hello,</p><p>Your Dash sign-in address was changed to ${escapeHtml(newEmail)}. If this was not you, contact support.</p>`;
  return { subject: EMAIL_CHANGED_SUBJECT, text, html };
}

const emailTaken = (cause?: unknown) =>
  new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE }, { cause });

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
    async update(user: TUser, names: TUpdateProfileRequest): Promise<TMeResponse['data']> {
      const updated = await updateUserNames(db, user.uid, names);
      if (!updated) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      // The same answer as GET me (the UI replaces the session with it), operator mark included.
      return {
        ...updated,
        type: 'user',
        ...(isOperator(config, updated) ? { operator: true as const } : {}),
      };
    },

    /** Mails a single-use confirmation link (1 hour) to the new address; nothing changes until it is opened. */
    async requestEmailChange(user: TUser, email: string): Promise<void> {
      if (email === user.email) {
        throw new AppError('VALIDATION', EMAIL_UNCHANGED_MESSAGE, { email: EMAIL_UNCHANGED_MESSAGE });
      }
      if (!isAllowlisted(config.authAllowlist, email)) {
        throw new AppError('NOT_ALLOWLISTED', NOT_ALLOWLISTED_MESSAGE, { email: NOT_ALLOWLISTED_MESSAGE });
      }
      if (await findUserByEmail(db, email)) throw emailTaken();
      const decision = await perUser.hit(user.uid);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, undefined, {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
      }
      const token = createToken();
      await insertEmailChange(db, {
        tokenHash: hashToken(token),
        userUid: user.uid,
        newEmail: email,
        ttlMinutes: EMAIL_CHANGE_TTL_MINUTES,
      });
      const link = `${config.publicUrl}/change-email?token=${encodeURIComponent(token)}`;
      await mailer.send({ to: email, ...confirmationMail(link) });
    },

    /**
     * Confirms a change with the token from the link (no session needed: the link may be opened in
     * another browser). Single use; an address taken meanwhile by someone else is a 409.
     */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const tokenHash = hashToken(token);
      let outcome: { newEmail: string; previousEmail: string } | undefined;
      try {
        outcome = await db.transaction(async (tx) => {
          const change = await consumeEmailChange(tx, tokenHash);
          if (!change) return undefined;
          const replaced = await replaceUserEmail(tx, change.userUid, change.newEmail);
          return replaced ? { newEmail: change.newEmail, previousEmail: replaced.previousEmail } : undefined;
        });
      } catch (error) {
        // The transaction rolled back: the link is still unused.
        if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken(error);
        throw error;
      }
      if (!outcome) {
        if (await emailChangeExists(db, tokenHash))
          throw new AppError('GONE', EMAIL_CHANGE_LINK_GONE_MESSAGE);
        throw new AppError('VALIDATION', EMAIL_CHANGE_LINK_INVALID_MESSAGE, {
          token: EMAIL_CHANGE_LINK_INVALID_MESSAGE,
        });
      }
      // The old address hears about it, so a hijacked session cannot move the account silently.
      await mailer.send({ to: outcome.previousEmail, ...changedNotice(outcome.newEmail) });
      return { email: outcome.newEmail };
    },
  };
}
