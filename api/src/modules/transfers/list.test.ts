import {
  TRANSACTIONS_COUNT_CAP,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TTransactionsFilters,
  ZFiatCurrency,
} from '@dash/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedBenchmarkTransfers } from '../../../benchmarks/seed-transfers';
import { transfers } from '../../db/schema';
import { seed } from '../../db/seed';
import { seedProviderCatalogue } from '../../db/seed-providers';
import { createTestApp } from '../../test/app';
import { prepareTransactionList } from './list-repo';
import { latestTransfers, trim } from './repo';

/** The demo organization with `count` of the benchmark's transfers. */
async function withTransfers(count: number) {
  const { db } = await createTestApp();
  const { organizationUid, userUid } = await seed(db);
  await seedProviderCatalogue(db);
  await seedBenchmarkTransfers(db, { organizationUid, userUid, count });
  return { db, organizationUid };
}

describe('the transactions list reads (a prepared statement per set of filters)', () => {
  it('answer any filters and page as the filters applied in JavaScript would, newest first', async () => {
    const { db, organizationUid } = await withTransfers(240);
    // Over ten days, many at the same instant (the uid orders those).
    await db.execute(
      sql`update transfers set created_at = date_trunc('hour', created_at) - ((abs(hashtext(uid::text)) % 10) || ' days')::interval`,
    );
    // Status changes after the inserts (the totals' trigger counts moves, not only inserts), and a
    // transfer gone with its organization's deletion path.
    await db.execute(
      sql`update transfers set status = case when abs(hashtext(uid::text)) % 2 = 0 then 'canceled' else 'failed' end where abs(hashtext(uid::text)) % 5 = 0`,
    );
    await db.execute(sql`delete from transfers where uid = (select uid from transfers order by uid limit 1)`);
    const all = await db
      .select({
        uid: transfers.uid,
        type: transfers.type,
        status: transfers.status,
        currency: transfers.fiatCurrency,
        createdAt: transfers.createdAt,
      })
      .from(transfers)
      .where(eq(transfers.organizationUid, organizationUid));
    const newestFirst = all.sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.uid < b.uid ? 1 : -1),
    );
    const days = [...new Set(all.map((row) => row.createdAt.toISOString().slice(0, 10)))];
    expect(days.length).toBeGreaterThan(5);
    const reads = prepareTransactionList(db);

    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            type: fc.constantFrom(...TRANSFER_TYPES),
            status: fc.constantFrom(...TRANSFER_STATUSES),
            currency: fc.constantFrom(...ZFiatCurrency.options),
            // With the first and last days an ISO date has (the last one's end is 'infinity').
            from: fc.constantFrom(...days, '0001-01-01'),
            to: fc.constantFrom(...days, '9999-12-31'),
          },
          { requiredKeys: [] },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(1, 7, 25, 100),
        async (filters: TTransactionsFilters, page, size) => {
          const matching = newestFirst.filter((row) => {
            const day = row.createdAt.toISOString().slice(0, 10);
            return (
              (!filters.type || row.type === filters.type) &&
              (!filters.status || row.status === filters.status) &&
              (!filters.currency || row.currency === filters.currency) &&
              (!filters.from || day >= filters.from) &&
              (!filters.to || day <= filters.to)
            );
          });
          const listed = await reads.page(organizationUid, filters, { page, size });
          expect(listed.map((transfer) => transfer.uid)).toEqual(
            matching.slice((page - 1) * size, page * size).map((row) => row.uid),
          );
          expect(await reads.count(organizationUid, filters)).toEqual({
            total: matching.length,
            totalIsExact: matching.length <= TRANSACTIONS_COUNT_CAP,
          });
        },
      ),
      { numRuns: 80 },
    );
  });

  it("gives each row as drizzle's mapping does (the overview's and the detail's path)", async () => {
    const { db, organizationUid } = await withTransfers(150);
    // The counterparties copied onto them (the benchmark's transfers have none).
    await db.execute(
      sql`update transfers t set wallet_uid = w.uid, wallet_name = w.name, wallet_address = w.address from (select uid, name, address from registered_wallets where organization_uid = ${organizationUid} limit 1) w where t.type = 'on_ramp'`,
    );
    await db.execute(
      sql`update transfers t set bank_beneficiary_uid = b.uid, beneficiary_name = b.name, beneficiary_account_key = b.account_key from (select uid, name, account_key from bank_beneficiaries where organization_uid = ${organizationUid} limit 1) b where t.type = 'off_ramp'`,
    );
    // Times with 0 to 6 fraction digits, as PostgreSQL prints them.
    await db.execute(
      sql`update transfers set created_at = date_trunc('second', created_at) - ((abs(hashtext(uid::text)) % 1000000) || ' microseconds')::interval * (abs(hashtext(uid::text)) % 2)`,
    );
    const reads = prepareTransactionList(db);
    const mapped = await latestTransfers(db, organizationUid, 300);
    const listed = [
      ...(await reads.page(organizationUid, {}, { page: 1, size: 100 })),
      ...(await reads.page(organizationUid, {}, { page: 2, size: 100 })),
    ];
    expect(listed).toEqual(mapped);
    expect(listed.length).toBeGreaterThanOrEqual(150);
    // Both kinds of counterparty are among them, and amounts with and without decimals to cut.
    expect(listed.some((transfer) => transfer.wallet !== null)).toBe(true);
    expect(listed.some((transfer) => transfer.bankBeneficiary !== null)).toBe(true);
  });
});

describe('trim', () => {
  it('cuts numeric(38,8) trailing zeros down to two decimals, as the RegExp it replaced', () => {
    const reference = (value: string) => {
      if (!value.includes('.')) return value;
      const [whole, fraction = ''] = value.split('.');
      return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 8 }),
        (units, scale) => {
          const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
          const text = `${units < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
          expect(trim(text)).toBe(reference(text));
        },
      ),
      { numRuns: 3000 },
    );
    expect(trim('10.50000000')).toBe('10.50');
    expect(trim('10.12345678')).toBe('10.12345678');
    expect(trim('7')).toBe('7');
    expect(trim('0.10000000')).toBe('0.10');
  });
});
