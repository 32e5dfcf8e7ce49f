import type { TOrganization, TRole } from '@dash/shared/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, organizationAvatars, organizations, users } from '../../db/schema';
import { recordMailbox } from '../messages/index';

/** The columns an organization answer needs, the caller's role included (from memberships). */
export const organizationColumns = {
  uid: organizations.uid,
  name: organizations.name,
  slug: organizations.slug,
  avatar: organizations.avatar,
  approvalStatus: organizations.approvalStatus,
  createdAt: organizations.createdAt,
};

export const organizationWithRole = { ...organizationColumns, role: memberships.role };

type OrganizationRow = Omit<TOrganization, 'createdAt' | 'role'> & { createdAt: Date };

export function toOrganization(row: OrganizationRow, role: TRole): TOrganization {
  return { ...row, role, createdAt: row.createdAt.toISOString() };
}

/**
 * The organization as seen by one member, or undefined when they are not one: a primary-key lookup
 * run by every organization-scoped request, so it is prepared once per database.
 */
export function prepareFindOrganizationForMember(db: Database) {
  const query = db
    .select(organizationWithRole)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.uid, memberships.organizationUid))
    .where(
      and(
        eq(memberships.organizationUid, sql.placeholder('organizationUid')),
        eq(memberships.userUid, sql.placeholder('userUid')),
      ),
    )
    .limit(1)
    .prepare('organization_find_for_member');
  return async (organizationUid: string, userUid: string): Promise<TOrganization | undefined> => {
    const [row] = await query.execute({ organizationUid, userUid });
    return row ? toOrganization(row, row.role) : undefined;
  };
}

/** The organization's row, locked for the rest of the transaction (its settings before a change). */
export async function lockOrganizationRow(db: Database, organizationUid: string) {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(eq(organizations.uid, organizationUid))
    .for('update');
  return row;
}

/** Inserts the organization and its creator's Admin membership together, or neither. */
export async function insertOrganizationWithAdmin(
  db: Database,
  input: { name: string; slug: string },
  adminUid: string,
): Promise<TOrganization | undefined> {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values(input)
      .onConflictDoNothing({ target: organizations.slug })
      .returning();
    if (!organization) return undefined;
    await tx
      .insert(memberships)
      .values({ organizationUid: organization.uid, userUid: adminUid, role: 'Admin' });
    await recordMailbox(tx, organization.uid, organization.slug);
    return toOrganization(organization, 'Admin');
  });
}

export async function updateOrganization(
  db: Database,
  organizationUid: string,
  changes: { name?: string | undefined; slug?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .update(organizations)
      .set(changes)
      .where(eq(organizations.uid, organizationUid))
      .returning();
    // The mailbox follows the slug; the earlier addresses stay in organization_mail_addresses.
    if (organization && changes.slug !== undefined)
      await recordMailbox(tx, organization.uid, organization.slug);
    return organization;
  });
}

/** Deletes the organization; memberships, invitations and the avatar go with it (cascade). */
export async function deleteOrganization(db: Database, organizationUid: string): Promise<boolean> {
  const deleted = await db
    .delete(organizations)
    .where(eq(organizations.uid, organizationUid))
    .returning({ uid: organizations.uid });
  return deleted.length > 0;
}

/** Stores the image and points organizations.avatar at its URL, together. */
export async function saveOrganizationAvatar(
  db: Database,
  organizationUid: string,
  image: { contentType: string; bytes: Buffer; url: string },
) {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .update(organizations)
      .set({ avatar: image.url })
      .where(eq(organizations.uid, organizationUid))
      .returning();
    if (!organization) return undefined;
    const values = {
      organizationUid,
      contentType: image.contentType,
      bytes: image.bytes,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(organizationAvatars)
      .values(values)
      .onConflictDoUpdate({ target: organizationAvatars.organizationUid, set: values });
    return organization;
  });
}

export async function findOrganizationAvatar(
  db: Database,
  organizationUid: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: organizationAvatars.contentType, bytes: organizationAvatars.bytes })
    .from(organizationAvatars)
    .where(eq(organizationAvatars.organizationUid, organizationUid))
    .limit(1);
  return row;
}

/** An organization's name and slug (what a mail about it says and links to). */
export async function findOrganizationName(
  db: Database,
  organizationUid: string,
): Promise<{ name: string; slug: string } | undefined> {
  const [row] = await db
    .select({ name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.uid, organizationUid));
  return row;
}

/** The organization's Admins' addresses, in order: whom an operational alert goes to. */
export async function listAdminEmails(db: Database, organizationUid: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(and(eq(memberships.organizationUid, organizationUid), eq(memberships.role, 'Admin')))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}
