import type { TOrganizationUser, TRole } from '@dash/shared/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema';

const organizationUserColumns = {
  uid: users.uid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: memberships.role,
};

/** Every member with their role, oldest membership first (the founder leads the list). */
export async function listOrganizationUsers(
  db: Database,
  organizationUid: string,
): Promise<TOrganizationUser[]> {
  return db
    .select(organizationUserColumns)
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(eq(memberships.organizationUid, organizationUid))
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

export async function findOrganizationUser(
  db: Database,
  organizationUid: string,
  userUid: string,
): Promise<TOrganizationUser | undefined> {
  const [row] = await db
    .select(organizationUserColumns)
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.userUid, userUid)))
    .limit(1);
  return row;
}

/** The addresses of the members who hold one of `roles`, but `except` (a user uid), by address. */
export async function listMemberEmails(
  db: Database,
  organizationUid: string,
  roles: readonly TRole[],
  except: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(
      and(
        eq(memberships.organizationUid, organizationUid),
        inArray(memberships.role, [...roles]),
        except ? ne(memberships.userUid, except) : undefined,
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/**
 * Locks the organization row for the rest of the transaction: membership changes of one
 * organization run one at a time, so two Admins demoting each other cannot leave it with none.
 * False when the organization no longer exists.
 */
export async function lockOrganization(db: Database, organizationUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: organizations.uid })
    .from(organizations)
    .where(eq(organizations.uid, organizationUid))
    .for('update');
  return row !== undefined;
}

export async function countAdmins(db: Database, organizationUid: string): Promise<number> {
  const [row] = await db
    .select({ admins: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.role, 'Admin')));
  return row?.admins ?? 0;
}

export async function updateMembershipRole(
  db: Database,
  organizationUid: string,
  userUid: string,
  role: TRole,
): Promise<void> {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.userUid, userUid)));
}

export async function deleteMembership(
  db: Database,
  organizationUid: string,
  userUid: string,
): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.userUid, userUid)));
}
