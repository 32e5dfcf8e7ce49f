import type { TLocale, TUser } from '@dash/shared/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailChanges, users } from '../../db/schema';

const userColumns = {
  uid: users.uid,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
};

/** Names, and the language when given (undefined leaves it as it is; null follows the browser). */
export async function updateUserProfile(
  db: Database,
  userUid: string,
  profile: { firstName: string; lastName: string; locale?: TLocale | null | undefined },
): Promise<TUser | undefined> {
  const { locale, ...names } = profile;
  const [user] = await db
    .update(users)
    .set(locale === undefined ? names : { ...names, locale })
    .where(eq(users.uid, userUid))
    .returning(userColumns);
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<{ uid: string } | undefined> {
  const [user] = await db.select({ uid: users.uid }).from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * Locks the user's row for the rest of the transaction (false when the user is gone). Every write to
 * a user's e-mail changes takes it first, so requests and confirmations of one user run one at a time.
 */
export async function lockUser(db: Database, userUid: string): Promise<boolean> {
  const [user] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, userUid)).for('update');
  return user !== undefined;
}

export async function insertEmailChange(
  db: Database,
  change: { tokenHash: string; userUid: string; newEmail: string; ttlMinutes: number },
): Promise<void> {
  await db.insert(emailChanges).values({
    tokenHash: change.tokenHash,
    userUid: change.userUid,
    newEmail: change.newEmail,
    expiresAt: sql`now() + make_interval(mins => ${change.ttlMinutes})`,
  });
}

/**
 * Spends every unused link of the user, so none of them can confirm any more (it then answers as a
 * used one). Run with the user locked (`lockUser`).
 */
export async function voidPendingEmailChanges(db: Database, userUid: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userUid, userUid), isNull(emailChanges.usedAt)));
}

/** Whose link this is, used or not. */
export async function findEmailChangeOwner(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userUid: emailChanges.userUid })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, tokenHash))
    .limit(1);
  return row?.userUid;
}

/**
 * Marks a live confirmation used and returns it, in one statement (single use under concurrency).
 * Run with its user locked (`lockUser`), so a link voided meanwhile by a newer one is seen as used.
 */
export async function consumeEmailChange(
  db: Database,
  tokenHash: string,
): Promise<{ userUid: string; newEmail: string } | undefined> {
  const [change] = await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .returning({ userUid: emailChanges.userUid, newEmail: emailChanges.newEmail });
  return change;
}

/** Sets the new address and returns the old one (undefined when the user is gone). */
export async function replaceUserEmail(
  db: Database,
  userUid: string,
  email: string,
): Promise<{ previousEmail: string } | undefined> {
  const [previous] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.uid, userUid))
    .for('update');
  if (!previous) return undefined;
  await db.update(users).set({ email }).where(eq(users.uid, userUid));
  return { previousEmail: previous.email };
}
