import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { magicLinks, memberships, organizations, sessions, users } from '../../db/schema';
import { organizationColumns, toOrganization } from '../organization/index';

const MAGIC_LINK_TTL = sql`now() + interval '15 minutes'`;
const SESSION_TTL = sql`now() + interval '30 days'`;
/** A session is extended (one write) at most once per this interval, not on every request. */
const SESSION_EXTEND_AFTER = sql`interval '1 day'`;

export async function insertMagicLink(
  db: Database,
  link: { tokenHash: string; email: string; redirect: string | null },
): Promise<void> {
  await db.insert(magicLinks).values({ ...link, expiresAt: MAGIC_LINK_TTL });
}

/**
 * Marks a live link used and returns it, in one statement: of two concurrent submits of the same
 * link, exactly one gets the row back.
 */
export async function consumeMagicLink(
  db: Database,
  tokenHash: string,
): Promise<{ email: string; redirect: string | null } | undefined> {
  const [link] = await db
    .update(magicLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(magicLinks.tokenHash, tokenHash),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: magicLinks.email, redirect: magicLinks.redirect });
  return link;
}

export async function magicLinkExists(db: Database, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: magicLinks.id })
    .from(magicLinks)
    .where(eq(magicLinks.tokenHash, tokenHash))
    .limit(1);
  return row !== undefined;
}

/** The user with this address, created when missing; `created` tells which. */
export async function findOrCreateUser(
  db: Database,
  email: string,
): Promise<{ uid: string; created: boolean }> {
  const [inserted] = await db
    .insert(users)
    .values({ email })
    .onConflictDoNothing({ target: users.email })
    .returning({ uid: users.uid });
  if (inserted) return { uid: inserted.uid, created: true };
  const [existing] = await db.select({ uid: users.uid }).from(users).where(eq(users.email, email));
  if (!existing) throw new Error('User vanished between insert and select');
  return { uid: existing.uid, created: false };
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userUid: string },
): Promise<void> {
  await db.insert(sessions).values({ ...session, expiresAt: SESSION_TTL });
}

const liveSessionColumns = {
  id: sessions.id,
  dueForExtension: sql<boolean>`${sessions.lastSeenAt} < now() - ${SESSION_EXTEND_AFTER}`,
  /** Until when this answer stays true by itself: the expiry, or the next sliding extension if sooner. */
  cacheableUntil:
    sql<Date>`least(${sessions.expiresAt}, ${sessions.lastSeenAt} + ${SESSION_EXTEND_AFTER})`.mapWith(
      (value: string | Date) => new Date(value),
    ),
  user: {
    uid: users.uid,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    locale: users.locale,
  },
};
const isLive = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`));

/**
 * The per-request session lookup: the live session and its user in one indexed query
 * (sessions.token_hash is unique). Prepared once per database, so PostgreSQL parses and plans it
 * once per connection instead of on every request.
 */
export function prepareFindLiveSession(db: Database) {
  const query = db
    .select(liveSessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.userUid))
    .where(isLive)
    .limit(1)
    .prepare('auth_find_live_session');
  return async (tokenHash: string) => {
    const [row] = await query.execute({ tokenHash });
    return row;
  };
}

/**
 * For organization-scoped requests: the live session, its user and their membership of one
 * organization (null when not a member) in a single round trip instead of two.
 */
export function prepareFindLiveSessionWithMembership(db: Database) {
  const query = db
    .select({
      ...liveSessionColumns,
      organization: organizationColumns,
      membership: { role: memberships.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.userUid))
    .leftJoin(
      memberships,
      and(
        eq(memberships.userUid, users.uid),
        eq(memberships.organizationUid, sql.placeholder('organizationUid')),
      ),
    )
    .leftJoin(organizations, eq(organizations.uid, memberships.organizationUid))
    .where(isLive)
    .limit(1)
    .prepare('auth_find_live_session_with_membership');
  return async (tokenHash: string, organizationUid: string) => {
    const [row] = await query.execute({ tokenHash, organizationUid });
    if (!row) return undefined;
    const { organization, membership, ...session } = row;
    return {
      ...session,
      organization: organization && membership ? toOrganization(organization, membership.role) : null,
    };
  };
}

export async function extendSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt: SESSION_TTL, lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** A user's address, whether or not they are still a member anywhere. */
export async function findUserEmail(db: Database, userUid: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.uid, userUid));
  return row?.email;
}
