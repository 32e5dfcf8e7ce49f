import type { TCatalogueProvider, TProviderAccount, TProvidersQuery } from '@dash/shared/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { providerAccounts, providers, providerWebhookEvents } from '../../db/schema';

export type ProviderRow = typeof providers.$inferSelect;
export type ProviderAccountRow = typeof providerAccounts.$inferSelect;

export function toProvider(row: ProviderRow): TCatalogueProvider {
  return {
    uid: row.uid,
    name: row.name,
    logoUrl: row.imageUrl,
    description: row.description,
    countries: row.countries,
    fiat: row.fiat,
    stablecoins: row.stablecoins,
    networks: [...new Set(row.stablecoins.map((coin) => coin.network))],
    fees: row.fees,
    onboardingOpen: row.onboardingOpen,
  };
}

/** The catalogue: listed providers, by name; filters match a fiat currency or a stablecoin network. */
export async function listCatalogue(db: Database, query: TProvidersQuery): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .where(
      and(
        eq(providers.listed, true),
        query.currency
          ? sql`${providers.fiat} @> ${JSON.stringify([{ currency: query.currency }])}::jsonb`
          : undefined,
        query.network
          ? sql`${providers.stablecoins} @> ${JSON.stringify([{ network: query.network }])}::jsonb`
          : undefined,
      ),
    )
    .orderBy(asc(providers.name), asc(providers.uid));
}

export async function findProvider(
  db: Database,
  uid: string,
  options: { listedOnly: boolean },
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.uid, uid), options.listedOnly ? eq(providers.listed, true) : undefined))
    .limit(1);
  return row;
}

/** The provider of that name, listed or not (the deposit's provider is named by the contract). */
export async function findProviderByName(db: Database, name: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.name, name)).limit(1);
  return row;
}

const accountColumns = {
  account: providerAccounts,
  providerName: providers.name,
  providerLogoUrl: providers.imageUrl,
};

type AccountJoin = { account: ProviderAccountRow; providerName: string; providerLogoUrl: string | null };

function toAccount({ account, providerName, providerLogoUrl }: AccountJoin): TProviderAccount {
  return {
    uid: account.uid,
    provider: { uid: account.providerUid, name: providerName, logoUrl: providerLogoUrl },
    status: account.status,
    reason: account.reason,
    reasonCode: account.reasonCode,
    requirements: account.requirements,
    externalId: account.externalId,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export async function listAccounts(db: Database, organizationUid: string): Promise<TProviderAccount[]> {
  const rows = await db
    .select(accountColumns)
    .from(providerAccounts)
    .innerJoin(providers, eq(providers.uid, providerAccounts.providerUid))
    .where(eq(providerAccounts.organizationUid, organizationUid))
    .orderBy(asc(providers.name), asc(providerAccounts.uid));
  return rows.map(toAccount);
}

export async function findAccount(
  db: Database,
  organizationUid: string,
  providerUid: string,
): Promise<TProviderAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(providerAccounts)
    .innerJoin(providers, eq(providers.uid, providerAccounts.providerUid))
    .where(
      and(
        eq(providerAccounts.organizationUid, organizationUid),
        eq(providerAccounts.providerUid, providerUid),
      ),
    )
    .limit(1);
  return row ? toAccount(row) : undefined;
}

/** The status of the organization's account with the provider (undefined: it has none). */
export async function findAccountStatus(
  db: Database,
  organizationUid: string,
  providerUid: string,
): Promise<ProviderAccountRow['status'] | undefined> {
  const [account] = await db
    .select({ status: providerAccounts.status })
    .from(providerAccounts)
    .where(
      and(
        eq(providerAccounts.organizationUid, organizationUid),
        eq(providerAccounts.providerUid, providerUid),
      ),
    );
  return account?.status;
}

/** The account row locked for the rest of the transaction (one state change at a time). */
export async function lockAccountByUid(db: Database, uid: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(providerAccounts)
    .where(eq(providerAccounts.uid, uid))
    .for('update')
    .limit(1);
  return row;
}

export async function lockAccount(
  db: Database,
  organizationUid: string,
  providerUid: string,
): Promise<ProviderAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(providerAccounts)
    .where(
      and(
        eq(providerAccounts.organizationUid, organizationUid),
        eq(providerAccounts.providerUid, providerUid),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** Inserts the account unless one exists for (organization, provider); undefined when it did. */
export async function insertAccount(
  db: Database,
  values: { organizationUid: string; providerUid: string; startedBy: string },
): Promise<ProviderAccountRow | undefined> {
  const [row] = await db
    .insert(providerAccounts)
    .values({ ...values, status: 'Submitting' })
    .onConflictDoNothing({ target: [providerAccounts.organizationUid, providerAccounts.providerUid] })
    .returning();
  return row;
}

export async function updateAccount(
  db: Database,
  uid: string,
  changes: Partial<
    Pick<
      ProviderAccountRow,
      'status' | 'attempt' | 'externalId' | 'reason' | 'reasonCode' | 'requirements' | 'startedBy'
    >
  >,
): Promise<ProviderAccountRow> {
  const [row] = await db
    .update(providerAccounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(providerAccounts.uid, uid))
    .returning();
  if (!row) throw new Error(`Provider account ${uid} vanished`);
  return row;
}

/** Records a webhook event id; false when it was seen before (a duplicate delivery). */
export async function recordWebhookEvent(
  db: Database,
  values: { providerUid: string; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(providerWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: providerWebhookEvents.eventId });
  return rows.length > 0;
}
