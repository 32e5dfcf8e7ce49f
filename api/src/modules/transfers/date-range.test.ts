import { TRANSACTIONS_DATE_RANGE_MESSAGE, ZTransactionsResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { seedBenchmarkTransfers } from '../../../benchmarks/seed-transfers';
import { seedProviderCatalogue } from '../../db/seed-providers';
import { createTestApp } from '../../test/app';
import { createOrganization, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { approveOrganization } from '../../test/providers';

/** An approved organization with three transfers of the last minutes; asks as its founder. */
async function arrange() {
  const testApp = await createTestApp();
  const founder = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, founder.cookie);
  await approveOrganization(testApp.db, organization.uid);
  await seedProviderCatalogue(testApp.db);
  await seedBenchmarkTransfers(testApp.db, {
    organizationUid: organization.uid,
    userUid: founder.uid,
    count: 3,
  });
  const ask = (path: string) =>
    call(testApp.app, 'GET', path, { cookie: founder.cookie, organization: organization.uid });
  return {
    ask,
    csv: (search: string) => ask(`/organizations/${organization.uid}/transactions/export.csv?${search}`),
  };
}

describe('a transactions date range that ends before it starts', () => {
  it('is refused with 400 on `to`, by the list and by the CSV export; one day at both ends still answers', async () => {
    const { ask, csv } = await arrange();
    const newest = ZTransactionsResponse.parse((await ask('/rails/transactions?size=1')).json()).data[0];
    const day = newest?.createdAt.slice(0, 10) ?? '';
    const dayAfter = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

    const list = await ask(`/rails/transactions?from=${dayAfter}&to=${day}`);
    expect(list.statusCode, list.body).toBe(400);
    expect(list.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { to: TRANSACTIONS_DATE_RANGE_MESSAGE },
    });
    const exported = await csv(`from=${dayAfter}&to=${day}`);
    expect(exported.statusCode, exported.body).toBe(400);
    expect(exported.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { to: TRANSACTIONS_DATE_RANGE_MESSAGE },
    });

    const oneDay = await ask(`/rails/transactions?from=${day}&to=${day}`);
    expect(oneDay.statusCode, oneDay.body).toBe(200);
    expect(ZTransactionsResponse.parse(oneDay.json()).data.map((transfer) => transfer.uid)).toContain(
      newest?.uid,
    );
    const oneDayCsv = await csv(`from=${day}&to=${day}`);
    expect(oneDayCsv.statusCode).toBe(200);
    expect(oneDayCsv.body).toContain(newest?.uid);
  });
});
