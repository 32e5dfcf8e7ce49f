import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys, memberships, organizations, users } from '../../db/schema';
import { organizationColumns } from '../organization/index';

/** A key's last use is written at most once per this interval, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;
const LAST_USED_EVERY = sql`interval '1 minute'`;

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

const listColumns = {
  uid: apiKeys.uid,
  name: apiKeys.name,
  role: apiKeys.role,
  shownPrefix: apiKeys.shownPrefix,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  createdByEmail: users.email,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** The organization's keys, newest first, revoked ones included (their history stays visible). */
export async function listApiKeys(db: Database, organizationUid: string, uid?: string) {
  return db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.uid, apiKeys.createdBy))
    .where(
      and(eq(apiKeys.organizationUid, organizationUid), uid === undefined ? undefined : eq(apiKeys.uid, uid)),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.uid));
}

export async function insertApiKey(
  db: Database,
  key: {
    organizationUid: string;
    name: string;
    role: (typeof apiKeys.$inferInsert)['role'];
    tokenHash: string;
    shownPrefix: string;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(apiKeys).values(key).returning({ uid: apiKeys.uid });
  if (!row) throw new Error('Insert returned no API key');
  return row.uid;
}

/** Revokes a live key of the organization; undefined when there is none (unknown or already revoked). */
export async function revokeApiKey(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.organizationUid, organizationUid), eq(apiKeys.uid, uid), isNull(apiKeys.revokedAt)))
    .returning({ uid: apiKeys.uid, name: apiKeys.name, role: apiKeys.role });
  return row;
}

export async function apiKeyExists(db: Database, organizationUid: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: apiKeys.uid })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationUid, organizationUid), eq(apiKeys.uid, uid)));
  return row !== undefined;
}

/**
 * The per-request key lookup: the key, the user it acts for, that user's role in the key's
 * organization (null once they left it) and the organization, in one indexed query
 * (api_keys.token_hash is unique). Prepared once per database, like the session lookup.
 */
export function prepareFindApiKey(db: Database) {
  const query = db
    .select({
      uid: apiKeys.uid,
      name: apiKeys.name,
      role: apiKeys.role,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      dueForUse: sql<boolean>`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - ${LAST_USED_EVERY})`,
      user: {
        uid: users.uid,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
      },
      creatorRole: memberships.role,
      organization: organizationColumns,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.uid, apiKeys.organizationUid))
    .leftJoin(users, eq(users.uid, apiKeys.createdBy))
    .leftJoin(
      memberships,
      and(
        eq(memberships.organizationUid, apiKeys.organizationUid),
        eq(memberships.userUid, apiKeys.createdBy),
      ),
    )
    .where(eq(apiKeys.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('api_keys_find_by_hash');
  return async (tokenHash: string) => {
    const [row] = await query.execute({ tokenHash });
    return row;
  };
}

export async function touchApiKey(db: Database, uid: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.uid, uid));
}

/**
 * Notes a refused use of a revoked key, at most once a minute per key: true when this use is the
 * one to audit (a stolen key replayed in a loop writes one row a minute, not one per request).
 */
export async function noteRefusedUse(db: Database, uid: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ lastRefusedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.uid, uid),
        or(isNull(apiKeys.lastRefusedAt), lt(apiKeys.lastRefusedAt, sql`now() - ${LAST_USED_EVERY}`)),
      ),
    )
    .returning({ uid: apiKeys.uid });
  return rows.length > 0;
}
