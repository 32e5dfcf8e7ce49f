import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { memberships, organizations, users } from './schema';

export const DEMO_USER = { email: 'demo@example.com', firstName: 'Demo', lastName: 'User' } as const;
export const DEMO_ORGANIZATION = { name: 'Acme Treasury', slug: 'acme-treasury' } as const;

export interface SeedResult {
  userUid: string;
  organizationUid: string;
}

/**
 * The demo data: demo@example.com, Admin of the Approved organization "Acme Treasury".
 * Safe to run any number of times: rows that exist are left exactly as they are.
 */
export async function seed(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.insert(users).values(DEMO_USER).onConflictDoNothing({ target: users.email });
    const [user] = await tx.select({ uid: users.uid }).from(users).where(eq(users.email, DEMO_USER.email));

    await tx
      .insert(organizations)
      .values({ ...DEMO_ORGANIZATION, approvalStatus: 'Approved' })
      .onConflictDoNothing({ target: organizations.slug });
    const [organization] = await tx
      .select({ uid: organizations.uid })
      .from(organizations)
      .where(eq(organizations.slug, DEMO_ORGANIZATION.slug));

    if (!user || !organization) throw new Error('Seeding failed: the demo rows are missing after insert');

    await tx
      .insert(memberships)
      .values({ organizationUid: organization.uid, userUid: user.uid, role: 'Admin' })
      .onConflictDoNothing();
    return { userUid: user.uid, organizationUid: organization.uid };
  });
}
