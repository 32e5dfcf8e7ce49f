import { TRANSFER_STATUSES, ZTransactionsResponse } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { call } from '../test/http';
import { ledgerEntries } from './schema';
import { DEMO_USER, seed } from './seed';
import { seedProviderCatalogue } from './seed-providers';
import { seedTransfers } from './seed-transfers';

describe('the seeded rails history', () => {
  it('gives the demo organization an Active Transfero account and transactions in every state, on a balanced ledger, once', async () => {
    const testApp = await createTestApp();
    const { organizationUid, userUid } = await seed(testApp.db);
    await seedProviderCatalogue(testApp.db);
    expect(await seedTransfers(testApp.db, organizationUid, userUid)).toEqual({ accounts: 1, transfers: 11 });
    expect(await seedTransfers(testApp.db, organizationUid, userUid)).toEqual({ accounts: 1, transfers: 0 });

    const cookie = await signIn(testApp.app, DEMO_USER.email);
    const listed = await call(testApp.app, 'GET', '/rails/transactions?size=100', {
      cookie,
      organization: organizationUid,
    });
    const { data, total } = ZTransactionsResponse.parse(listed.json());
    expect(total).toBe(11);
    expect(new Set(data.map((transfer) => transfer.status))).toEqual(new Set(TRANSFER_STATUSES));
    expect(data.map((transfer) => transfer.createdAt)).toEqual(
      data
        .map((transfer) => transfer.createdAt)
        .sort()
        .reverse(),
    );

    const sums = await testApp.db
      .select({ currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.currency, ledgerEntries.status);
    expect(sums.length).toBeGreaterThan(0);
    for (const row of sums) expect(new Decimal(row.sum).isZero(), row.currency).toBe(true);
  });
});
