import { randomUUID } from 'node:crypto';
import { TRANSFER_STATUSES } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerBalances, ledgerEntries, organizations, registeredWallets, transfers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createOrganization, signInUser } from '../../test/factories';
import { approveOrganization, createCatalogueProvider } from '../../test/providers';
import { balanceMismatches, writeTransfer } from '../../test/transfers';

/** An approved organization with a provider and two registered wallets. */
async function arrange() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  await approveOrganization(testApp.db, organization.uid);
  const provider = await createCatalogueProvider(testApp.db);
  const walletUids: string[] = [];
  for (const name of ['Treasury', 'Payroll']) {
    const [wallet] = await testApp.db
      .insert(registeredWallets)
      .values({
        organizationUid: organization.uid,
        network: 'polygon-amoy',
        address: `0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`,
        name,
      })
      .returning();
    if (!wallet) throw new Error('wallet not written');
    walletUids.push(wallet.uid);
  }
  return { testApp, organizationUid: organization.uid, providerUid: provider.uid, walletUids };
}

describe('running ledger balances (ledger_balances)', () => {
  const amount = fc
    .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 8 }))
    .map(([units, scale]) => new Decimal(units).div(new Decimal(10).pow(scale)).toFixed());
  const operation = fc.oneof(
    // A transfer as the service writes one, moved along its transitions to a status with the
    // ledger settled at each step (completed posts, failed archives, returned after completion
    // posts reversing lines).
    fc.record({
      kind: fc.constant('transfer' as const),
      type: fc.constantFrom('on_ramp' as const, 'off_ramp' as const, 'deposit' as const),
      status: fc.constantFrom(...TRANSFER_STATUSES),
      amount,
      wallet: fc.integer({ min: 0, max: 2 }),
    }),
    // Changes no service makes, straight on the lines: the trigger keeps up with any of them.
    fc.record({
      kind: fc.constantFrom('archive' as const, 'post' as const, 'delete' as const, 'rewallet' as const),
      pick: fc.nat(),
      wallet: fc.integer({ min: 0, max: 2 }),
    }),
  );

  it('equal the sums of the lines that count after any transfers, settlements and line changes', async () => {
    const { testApp, organizationUid, providerUid, walletUids } = await arrange();
    const { db } = testApp;
    let runsWithBalances = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
        await db.delete(transfers).where(eq(transfers.organizationUid, organizationUid));
        for (const op of operations) {
          const walletUid = op.wallet === 0 ? undefined : walletUids[op.wallet - 1];
          if (op.kind === 'transfer') {
            // The fee a tenth of the amount, so the amount delivered stays positive.
            const fee = new Decimal(op.amount).div(10).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
            await writeTransfer(db, organizationUid, providerUid, {
              type: op.type,
              status: op.status,
              amount: op.amount,
              fee,
              ...(walletUid ? { walletUid } : {}),
            });
            continue;
          }
          const lines = await db
            .select({ id: ledgerEntries.id })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.organizationUid, organizationUid))
            .orderBy(ledgerEntries.id);
          const line = lines[op.pick % Math.max(1, lines.length)];
          if (!line) continue;
          const one = eq(ledgerEntries.id, line.id);
          if (op.kind === 'archive') await db.update(ledgerEntries).set({ status: 'archived' }).where(one);
          else if (op.kind === 'post') await db.update(ledgerEntries).set({ status: 'posted' }).where(one);
          else if (op.kind === 'delete') await db.delete(ledgerEntries).where(one);
          else
            await db
              .update(ledgerEntries)
              .set({ walletUid: walletUid ?? null })
              .where(one);
        }
        expect(await balanceMismatches(db, organizationUid)).toEqual([]);
        const counted = await db
          .select({ lines: sql<number>`coalesce(sum(${ledgerBalances.lines}), 0)::int` })
          .from(ledgerBalances)
          .where(eq(ledgerBalances.organizationUid, organizationUid));
        if ((counted[0]?.lines ?? 0) > 0) runsWithBalances += 1;
      }),
      { numRuns: 25 },
    );
    // Not vacuous: most runs leave lines that count.
    expect(runsWithBalances).toBeGreaterThan(10);
  });

  it('go with their organization', async () => {
    const { testApp, organizationUid, providerUid, walletUids } = await arrange();
    const { db } = testApp;
    await writeTransfer(db, organizationUid, providerUid, {
      type: 'deposit',
      status: 'completed',
      amount: '10',
      walletUid: walletUids[0],
    });
    const before = await db
      .select()
      .from(ledgerBalances)
      .where(eq(ledgerBalances.organizationUid, organizationUid));
    expect(before.length).toBeGreaterThan(0);
    await db.delete(organizations).where(eq(organizations.uid, organizationUid));
    expect(
      await db.select().from(ledgerBalances).where(eq(ledgerBalances.organizationUid, organizationUid)),
    ).toEqual([]);
  });
});
