import type { TLocale, TNotificationKind, TNotificationPreference, TRole } from '@dash/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, notificationDeliveries, notificationPreferences, users } from '../../db/schema';

/** The kinds a user chose; a kind not in the map was never chosen (on). */
export async function findPreferences(
  db: Database,
  userUid: string,
): Promise<Map<TNotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userUid, userUid));
  return new Map(rows.map((row) => [row.kind, row.mail]));
}

export async function savePreferences(
  db: Database,
  userUid: string,
  preferences: readonly TNotificationPreference[],
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(preferences.map((preference) => ({ userUid, ...preference })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userUid, notificationPreferences.kind],
      set: { mail: sql`excluded.mail`, updatedAt: sql`now()` },
    });
}

export interface Member {
  uid: string;
  email: string;
  locale: TLocale | null;
  role: TRole;
}

/**
 * The organization's members who want mails of this kind (no choice, or mail on), optionally only
 * some users or roles. Users who are not members are never in it.
 */
export async function listMembersToMail(
  db: Database,
  organizationUid: string,
  kind: TNotificationKind,
  only: { userUids?: readonly string[]; roles?: readonly TRole[] } = {},
): Promise<Member[]> {
  if (only.userUids?.length === 0 || only.roles?.length === 0) return [];
  return db
    .select({ uid: users.uid, email: users.email, locale: users.locale, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userUid, users.uid), eq(notificationPreferences.kind, kind)),
    )
    .where(
      and(
        eq(memberships.organizationUid, organizationUid),
        sql`coalesce(${notificationPreferences.mail}, true)`,
        only.userUids ? inArray(users.uid, [...only.userUids]) : undefined,
        only.roles ? inArray(memberships.role, [...only.roles]) : undefined,
      ),
    )
    .orderBy(users.email);
}

export async function wasDelivered(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: notificationDeliveries.key })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.key, key));
  return row !== undefined;
}

export async function recordDelivery(
  db: Database,
  delivery: { key: string; userUid: string; kind: TNotificationKind },
): Promise<void> {
  await db.insert(notificationDeliveries).values(delivery).onConflictDoNothing();
}

export async function isMember(db: Database, organizationUid: string, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ userUid: memberships.userUid })
    .from(memberships)
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.userUid, userUid)));
  return row !== undefined;
}
