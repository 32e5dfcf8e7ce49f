import type { TApprovalStatus, TKybDraft, TKybStatus } from '@dash/shared/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { kybApplications, organizations, users } from '../../db/schema';

export type KybApplicationRow = typeof kybApplications.$inferSelect;

/** Whether the organization's application was decided since `since`. */
export async function kybDecidedSince(db: Database, organizationUid: string, since: Date): Promise<boolean> {
  const [decided] = await db
    .select({ uid: kybApplications.uid })
    .from(kybApplications)
    .where(and(eq(kybApplications.organizationUid, organizationUid), gte(kybApplications.decidedAt, since)));
  return decided !== undefined;
}

export async function findApplication(
  db: Database,
  organizationUid: string,
  options: { lock?: boolean } = {},
): Promise<KybApplicationRow | undefined> {
  const query = db.select().from(kybApplications).where(eq(kybApplications.organizationUid, organizationUid));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * The application row of an organization, created (as an empty Draft) when there is none, and
 * locked for the rest of the transaction: changes to one application run one at a time.
 */
export async function lockOrCreateApplication(
  db: Database,
  organizationUid: string,
): Promise<KybApplicationRow> {
  await db
    .insert(kybApplications)
    .values({ organizationUid, status: 'NotStarted', data: {} })
    .onConflictDoNothing({ target: kybApplications.organizationUid });
  const row = await findApplication(db, organizationUid, { lock: true });
  if (!row) throw new Error(`The KYB application of ${organizationUid} is missing after insert`);
  return row;
}

export async function updateApplication(
  db: Database,
  uid: string,
  values: Partial<{
    status: TKybStatus;
    data: TKybDraft;
    decisionNote: string | null;
    submittedAt: Date | null;
    submittedByUserUid: string | null;
    decidedAt: Date | null;
  }>,
): Promise<KybApplicationRow> {
  const [row] = await db
    .update(kybApplications)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${kybApplications.version} + 1` })
    .where(eq(kybApplications.uid, uid))
    .returning();
  if (!row) throw new Error(`The KYB application ${uid} is missing`);
  return row;
}

/**
 * Decides a submitted application: a conditional UPDATE, so of two operators deciding at once
 * exactly one finds it still Submitted. Undefined when it was not Submitted (any more).
 */
export async function decideSubmittedApplication(
  db: Database,
  organizationUid: string,
  decision: { status: 'Approved' | 'Rejected' | 'ChangesRequested'; note: string | null },
): Promise<KybApplicationRow | undefined> {
  const [row] = await db
    .update(kybApplications)
    .set({
      status: decision.status,
      decisionNote: decision.note,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`${kybApplications.version} + 1`,
    })
    .where(and(eq(kybApplications.organizationUid, organizationUid), eq(kybApplications.status, 'Submitted')))
    .returning();
  return row;
}

export async function setApprovalStatus(
  db: Database,
  organizationUid: string,
  approvalStatus: TApprovalStatus,
): Promise<void> {
  await db.update(organizations).set({ approvalStatus }).where(eq(organizations.uid, organizationUid));
}

export async function findOrganization(db: Database, organizationUid: string) {
  const [row] = await db
    .select({ uid: organizations.uid, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.uid, organizationUid));
  return row;
}

/** An organization by uid or slug (the CLI takes either). */
export async function findOrganizationByUidOrSlug(db: Database, uidOrSlug: string) {
  const isUid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uidOrSlug);
  const [row] = await db
    .select({ uid: organizations.uid, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(isUid ? eq(organizations.uid, uidOrSlug) : eq(organizations.slug, uidOrSlug.toLowerCase()));
  return row;
}

/** Applications in these states with their organization and submitter, oldest submission first. */
export async function listApplications(db: Database, statuses: readonly TKybStatus[]) {
  return db
    .select({
      organizationUid: organizations.uid,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      status: kybApplications.status,
      data: kybApplications.data,
      submittedAt: kybApplications.submittedAt,
      submittedBy: users.email,
    })
    .from(kybApplications)
    .innerJoin(organizations, eq(organizations.uid, kybApplications.organizationUid))
    .leftJoin(users, eq(users.uid, kybApplications.submittedByUserUid))
    .where(inArray(kybApplications.status, [...statuses]))
    .orderBy(asc(kybApplications.submittedAt), asc(organizations.name));
}
