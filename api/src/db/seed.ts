import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { memberships, organizations, signingDevices, users } from './schema';
import { seedCounterparties } from './seed-counterparties';

export const DEMO_USER = { email: 'demo@example.com', firstName: 'Demo', lastName: 'User' } as const;
export const DEMO_ORGANIZATION = { name: 'Acme Treasury', slug: 'acme-treasury' } as const;
/**
 * The demo user's signing device, so the wallet flow can be tried at once (propose yourself, set
 * this device, deploy). The address is only a Safe owner on the dev chain: nobody signs with it here.
 */
export const DEMO_SIGNING_DEVICE = {
  name: 'Demo signing device',
  ethAddress: '0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b',
} as const;

export interface SeedResult {
  userUid: string;
  organizationUid: string;
}

/**
 * The demo data: demo@example.com, Admin of the Approved organization "Acme Treasury" (whose
 * wallet is undeployed, with no signer), with one signing device, a few registered wallets and a
 * bank beneficiary of each kind.
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
    await tx
      .insert(signingDevices)
      .values({ userUid: user.uid, ...DEMO_SIGNING_DEVICE })
      .onConflictDoNothing({ target: [signingDevices.userUid, signingDevices.ethAddress] });
    await seedCounterparties(tx, organization.uid);
    return { userUid: user.uid, organizationUid: organization.uid };
  });
}
