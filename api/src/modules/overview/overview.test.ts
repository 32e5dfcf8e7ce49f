import { randomUUID } from 'node:crypto';
import { type TOverview, ZOverviewResponse } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  invitations,
  ledgerAccounts,
  ledgerEntries,
  registeredWallets,
  threadReads,
  threads,
} from '../../db/schema';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '../../http/guards';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, registerWallet, signInUser } from '../../test/factories';
import { errorOf } from '../../test/http';
import { approveOrganization, createCatalogueProvider } from '../../test/providers';
import { writeTransfer } from '../../test/transfers';
import { volumeWindow } from './service';

const overviewOf = (testApp: TestApp, organizationUid: string, cookie?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/v0/organizations/${organizationUid}/overview`,
    headers: cookie ? { cookie } : {},
  });

async function readOverview(testApp: TestApp, organizationUid: string, cookie: string): Promise<TOverview> {
  const response = await overviewOf(testApp, organizationUid, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZOverviewResponse.parse(response.json()).data;
}

/** The posted sum of the organization's `wallets` ledger account in one currency, read straight from the entries. */
async function postedWalletEntries(
  db: Database,
  organizationUid: string,
  currency: string,
): Promise<Decimal> {
  const rows = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.uid, ledgerEntries.accountUid))
    .where(
      and(
        eq(ledgerAccounts.organizationUid, organizationUid),
        eq(ledgerAccounts.kind, 'wallets'),
        eq(ledgerEntries.currency, currency),
        eq(ledgerEntries.status, 'posted'),
      ),
    );
  return rows.reduce((sum, row) => sum.add(row.amount), new Decimal(0));
}

describe('GET organizations/{orgUid}/overview', () => {
  it('gives an approved organization its balances from the ledger, latest transactions and 30-day volume', async () => {
    const testApp = await createTestApp();
    const { db } = testApp;
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    await approveOrganization(db, organization.uid);
    const provider = await createCatalogueProvider(db);
    const treasury = await registerWallet(db, organization.uid, 'Treasury');
    const payroll = await registerWallet(db, organization.uid, 'Payroll');
    const org = organization.uid;
    await writeTransfer(db, org, provider.uid, {
      type: 'deposit',
      status: 'completed',
      amount: '1000',
      walletUid: treasury.uid,
      daysAgo: 2,
    });
    await writeTransfer(db, org, provider.uid, {
      type: 'on_ramp',
      status: 'completed',
      amount: '250.25',
      walletUid: payroll.uid,
      daysAgo: 1,
    });
    // Pending: counted apart from the posted balance.
    await writeTransfer(db, org, provider.uid, {
      type: 'on_ramp',
      status: 'funds_received',
      amount: '400',
      walletUid: treasury.uid,
    });
    // Failed before completion: its lines are archived and count nowhere.
    await writeTransfer(db, org, provider.uid, {
      type: 'on_ramp',
      status: 'failed',
      amount: '9999',
      walletUid: treasury.uid,
    });
    // A wallet whose only transfer failed: nothing of it counts, so it has no line in the balances.
    const reserve = await registerWallet(db, organization.uid, 'Reserve');
    await writeTransfer(db, org, provider.uid, {
      type: 'deposit',
      status: 'failed',
      amount: '75',
      walletUid: reserve.uid,
    });
    // Off-ramps name the wallet they are paid from: Treasury's, or an external wallet's, which was
    // never the organization's and counts nowhere in its balances.
    await writeTransfer(db, org, provider.uid, {
      type: 'off_ramp',
      status: 'completed',
      amount: '200',
      walletUid: treasury.uid,
    });
    await writeTransfer(db, org, provider.uid, { type: 'off_ramp', status: 'completed', amount: '300' });
    // Older than the window: in the balance, not in the volume.
    await writeTransfer(db, org, provider.uid, {
      type: 'deposit',
      status: 'completed',
      amount: '50',
      walletUid: treasury.uid,
      daysAgo: 45,
    });

    const overview = await readOverview(testApp, org, admin.cookie);

    // 998.5 + 248.75 - 200 + 48.5 posted; 398.5 pending.
    expect(overview.balances.byCurrency).toEqual([
      { currency: 'testbrz', fiatCurrency: 'BRL', posted: '1095.75', pending: '398.5' },
    ]);
    const entries = await postedWalletEntries(db, org, 'testbrz');
    expect(new Decimal(overview.balances.byCurrency[0]?.posted ?? 'NaN').eq(entries)).toBe(true);

    const byWallet = new Map(
      overview.balances.byWallet.map((row) => [
        row.wallet?.name ?? 'none',
        { posted: row.posted, pending: row.pending },
      ]),
    );
    expect(byWallet.get('Treasury')).toEqual({ posted: '847', pending: '398.5' });
    expect(byWallet.get('Payroll')).toEqual({ posted: '248.75', pending: '0' });
    expect(byWallet.has('none')).toBe(false);
    const walletTotal = overview.balances.byWallet.reduce((sum, row) => sum.add(row.posted), new Decimal(0));
    expect(walletTotal.eq(entries)).toBe(true);
    expect(overview.balances.byWallet.map((row) => row.wallet?.name ?? 'none')).toEqual([
      'Payroll',
      'Treasury',
    ]);

    expect(overview.balances.byWallet.every((row) => !row.deletedWallets)).toBe(true);

    // A wallet deleted since: its history is a row of its own, the totals unchanged.
    await db.delete(registeredWallets).where(eq(registeredWallets.uid, payroll.uid));
    const afterDelete = await readOverview(testApp, org, admin.cookie);
    expect(afterDelete.balances.byCurrency).toEqual(overview.balances.byCurrency);
    expect(
      afterDelete.balances.byWallet.map((row) => [
        row.wallet?.name ?? (row.deletedWallets ? 'deleted' : 'none'),
        row.posted,
        row.pending,
      ]),
    ).toEqual([
      ['Treasury', '847', '398.5'],
      ['deleted', '248.75', '0'],
    ]);

    expect(overview.latestTransactions).toHaveLength(5);
    const times = overview.latestTransactions.map((transfer) => transfer.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(overview.latestTransactions.some((transfer) => transfer.sourceAmount === '50.00')).toBe(false);

    const { from, to } = volumeWindow(new Date());
    expect(overview.volume).toMatchObject({ from, to });
    const volumeBy = (type: string) =>
      overview.volume.points
        .filter((point) => point.type === type)
        .reduce((sum, point) => sum.add(point.amount), new Decimal(0))
        .toFixed();
    expect(volumeBy('deposit')).toBe('1000');
    expect(volumeBy('on_ramp')).toBe('250.25');
    // Off-ramps count their fiat side: what was paid out (from a registered wallet or not).
    expect(volumeBy('off_ramp')).toBe('497');
    expect(overview.volume.points.every((point) => point.currency === 'BRL' && point.day >= from)).toBe(true);

    expect(overview.hasTransfers).toBe(true);
    expect(overview.checklist).toMatchObject({
      kybApproved: true,
      walletRegistered: true,
      firstDeposit: true,
    });
    expect(overview.kyb.status).toBe('Approved');
  });

  it("counts what waits for the reader: others' approvals, their unread conversations, their invitations", async () => {
    const testApp = await createTestApp();
    const { db } = testApp;
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    await approveOrganization(db, organization.uid);
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const provider = await createCatalogueProvider(db);
    await writeTransfer(db, organization.uid, provider.uid, {
      type: 'off_ramp',
      status: 'awaiting_approval',
      amount: '5000',
      createdBy: admin.uid,
    });
    const [thread] = await db
      .insert(threads)
      .values({
        organizationUid: organization.uid,
        name: 'Payout question',
        token: randomUUID(),
        messageCount: 2,
        lastMessageAt: new Date(),
      })
      .returning();
    await db.insert(threadReads).values({ threadUid: thread?.uid ?? '', userUid: admin.uid, readSeq: 2 });
    await db.insert(threadReads).values({ threadUid: thread?.uid ?? '', userUid: editor.uid, readSeq: 1 });
    const elsewhere = await createOrganization(testApp, (await signInUser(testApp.app)).cookie);
    await db.insert(invitations).values({
      organizationUid: elsewhere.uid,
      email: viewer.email,
      role: 'Editor',
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const adminView = await readOverview(testApp, organization.uid, admin.cookie);
    const editorView = await readOverview(testApp, organization.uid, editor.cookie);
    const viewerView = await readOverview(testApp, organization.uid, viewer.cookie);

    // The creator cannot approve their own transfer; a Viewer cannot approve at all.
    expect(adminView.waiting).toEqual({
      approvals: 0,
      signatures: 0,
      unreadConversations: 0,
      invitations: 0,
    });
    expect(editorView.waiting).toEqual({
      approvals: 1,
      signatures: 0,
      unreadConversations: 1,
      invitations: 0,
    });
    expect(viewerView.waiting).toEqual({
      approvals: 0,
      signatures: 0,
      unreadConversations: 1,
      invitations: 1,
    });
  });

  it('gives a new organization its checklist, nothing done, and empty figures', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);

    const overview = await readOverview(testApp, organization.uid, admin.cookie);

    expect(overview.checklist).toEqual({
      kybApproved: false,
      providerAccountActive: false,
      walletRegistered: false,
      firstDeposit: false,
      teammateInvited: false,
    });
    expect(overview.hasTransfers).toBe(false);
    expect(overview.kyb).toEqual({ status: 'NotStarted', decisionNote: null });
    expect(overview.wallet).toEqual({
      status: 'undeployed',
      address: null,
      threshold: null,
      signers: 0,
      readySigners: 0,
    });
    expect(overview.balances).toEqual({ byCurrency: [], byWallet: [] });
    expect(overview.latestTransactions).toEqual([]);
    expect(overview.volume.points).toEqual([]);

    await addMember(testApp, organization.uid, 'Viewer');
    expect((await readOverview(testApp, organization.uid, admin.cookie)).checklist.teammateInvited).toBe(
      true,
    );
  });

  it("answers 404 for another organization's overview and for a malformed uid, 401 without a session", async () => {
    const testApp = await createTestApp();
    const owner = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, owner.cookie);
    const stranger = await signInUser(testApp.app);
    await createOrganization(testApp, stranger.cookie);

    const foreign = await overviewOf(testApp, organization.uid, stranger.cookie);
    expect(errorOf(foreign)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: ORGANIZATION_NOT_FOUND_MESSAGE,
    });
    const malformed = await overviewOf(testApp, 'not-a-uid', stranger.cookie);
    expect(errorOf(malformed)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await overviewOf(testApp, organization.uid)).statusCode).toBe(401);
  });
});
