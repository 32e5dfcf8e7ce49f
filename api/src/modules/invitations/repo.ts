import type { TRole } from '@dash/shared/contracts';
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invitations, memberships, organizations, users } from '../../db/schema';

/** Not accepted, declined or revoked: what the partial unique index invitations_open_unique covers. */
const isOpen = and(
  isNull(invitations.acceptedAt),
  isNull(invitations.declinedAt),
  isNull(invitations.revokedAt),
);
/** Open and not expired: an invitation that can still be answered. */
export const isPending = and(isOpen, gt(invitations.expiresAt, sql`now()`));

const inviterName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const invitationColumns = {
  uid: invitations.uid,
  email: invitations.email,
  role: invitations.role,
  invitedBy: inviterName,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};

export interface InvitationRow {
  uid: string;
  email: string;
  role: TRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function isMemberByEmail(
  db: Database,
  organizationUid: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ uid: users.uid })
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(and(eq(memberships.organizationUid, organizationUid), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

/**
 * Creates the invitation, or renews the open one for the same address (new role and sender, 7 more
 * days): one statement, so two Admins inviting the same person at once still make one invitation.
 */
export async function upsertInvitation(
  db: Database,
  input: { organizationUid: string; email: string; role: TRole; invitedBy: string; ttlDays: number },
): Promise<{ uid: string }> {
  const expiresAt = sql`now() + make_interval(days => ${input.ttlDays})`;
  const [row] = await db
    .insert(invitations)
    .values({
      organizationUid: input.organizationUid,
      email: input.email,
      role: input.role,
      invitedBy: input.invitedBy,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [invitations.organizationUid, invitations.email],
      targetWhere: isOpen,
      set: { role: input.role, invitedBy: input.invitedBy, createdAt: sql`now()`, expiresAt },
    })
    .returning({ uid: invitations.uid });
  if (!row) throw new Error('Invitation upsert returned no row');
  return row;
}

function selectInvitations(db: Database, where: SQL | undefined) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.uid, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.createdAt));
}

export async function findInvitation(
  db: Database,
  invitationUid: string,
): Promise<InvitationRow | undefined> {
  const [row] = await selectInvitations(db, eq(invitations.uid, invitationUid)).limit(1);
  return row;
}

/** The organization's pending invitations, newest first. */
export function listPendingInvitations(db: Database, organizationUid: string): Promise<InvitationRow[]> {
  return selectInvitations(db, and(eq(invitations.organizationUid, organizationUid), isPending));
}

/** Revokes a pending invitation of the organization; false when there is none. */
export async function revokeInvitation(db: Database, organizationUid: string, invitationUid: string) {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(invitations.uid, invitationUid), eq(invitations.organizationUid, organizationUid), isPending),
    )
    .returning({ uid: invitations.uid, email: invitations.email, role: invitations.role });
  return revoked[0];
}

/** The pending invitations addressed to one e-mail, with their organizations, newest first. */
export async function listPendingInvitationsFor(db: Database, email: string) {
  return db
    .select({
      ...invitationColumns,
      organization: {
        uid: organizations.uid,
        name: organizations.name,
        slug: organizations.slug,
        avatar: organizations.avatar,
      },
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.uid, invitations.organizationUid))
    .leftJoin(users, eq(users.uid, invitations.invitedBy))
    .where(and(eq(invitations.email, email), isPending))
    .orderBy(desc(invitations.createdAt));
}

/**
 * Answers a pending invitation addressed to `email` (accepted or declined) and returns it, in one
 * statement: of two concurrent answers exactly one gets the row, so an invitation is used once.
 */
export async function answerInvitation(
  db: Database,
  input: { invitationUid: string; email: string; answer: 'accepted' | 'declined' },
): Promise<{ organizationUid: string; role: TRole } | undefined> {
  const [row] = await db
    .update(invitations)
    .set(input.answer === 'accepted' ? { acceptedAt: sql`now()` } : { declinedAt: sql`now()` })
    .where(and(eq(invitations.uid, input.invitationUid), eq(invitations.email, input.email), isPending))
    .returning({ organizationUid: invitations.organizationUid, role: invitations.role });
  return row;
}

/** Adds the member; someone who already belongs keeps the role they have. */
export async function insertMembership(
  db: Database,
  membership: { organizationUid: string; userUid: string; role: TRole },
): Promise<void> {
  await db.insert(memberships).values(membership).onConflictDoNothing();
}

export async function findInvitationAddress(db: Database, invitationUid: string) {
  const [row] = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(eq(invitations.uid, invitationUid))
    .limit(1);
  return row;
}
