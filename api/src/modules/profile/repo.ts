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

/** Marks a live confirmation used and returns it, in one statement (single use under concurrency). */
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

export async function emailChangeExists(db: Database, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, tokenHash))
    .limit(1);
  return row !== undefined;
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
