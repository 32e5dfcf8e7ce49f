import {
  INVALID_CURSOR_MESSAGE,
  ZSafeTransactionHistoryResponse,
  ZSafeTransactionListItem,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  safeTransactionConfirmations,
  safeTransactions,
  signingDevices,
  users,
  walletSigners,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { DEV_CHAIN_ID } from '../wallet/index';
import { safeTxHash, tokenTransferTx } from './safe-tx';

/**
 * The queue and the history as lists: light rows (no SafeTx, typed data nor hashes but the
 * safeTxHash), the history paged with a keyset cursor. Rows are written as the module writes them
 * (no chain: reading them needs none).
 */
const SAFE = getAddress(`0x${'5afe'.repeat(10)}`);
const TOKEN = getAddress(`0x${'0c'.repeat(20)}`);
const RECIPIENT = getAddress(`0x${'be'.repeat(20)}`);
const OWNERS = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())].map(
  (key) => key.address,
);

type Status = 'executed' | 'replaced' | 'awaiting_confirmations';

/** Transactions written at once, as the module writes them (each executed one confirmed by both owners). */
async function insertSafeTransactions(
  testApp: TestApp,
  organizationUid: string,
  specs: readonly {
    nonce: number;
    status: Status;
    amount?: number;
    /** When proposed; a history row also left the queue then, unless `settledAt` says when. */
    createdAt?: Date;
    settledAt?: Date;
    chainId?: number;
  }[],
) {
  const rows = await testApp.db
    .insert(safeTransactions)
    .values(
      specs.map(({ nonce, status, amount = nonce + 1, createdAt, settledAt, chainId = DEV_CHAIN_ID }) => {
        const tx = tokenTransferTx(TOKEN, RECIPIENT, BigInt(amount) * 1_000_000n, BigInt(nonce));
        const updatedAt = settledAt ?? createdAt;
        return {
          organizationUid,
          chainId,
          safeAddress: SAFE,
          nonce,
          safeTxHash: safeTxHash({ chainId, address: SAFE }, tx),
          kind: 'transfer' as const,
          status,
          tx,
          transfer: {
            symbol: 'USDC',
            amount: String(amount),
            token: TOKEN,
            recipient: { walletUid: null, name: 'Payroll', address: RECIPIENT },
          },
          owners: OWNERS,
          threshold: 2,
          executionTxHash: status === 'executed' ? `0x${nonce.toString(16).padStart(64, '0')}` : null,
          ...(createdAt ? { createdAt } : {}),
          ...(updatedAt ? { updatedAt } : {}),
        };
      }),
    )
    .returning();
  const confirmations = rows.flatMap((row) =>
    (row.status === 'executed'
      ? OWNERS
      : row.status === 'awaiting_confirmations'
        ? OWNERS.slice(0, 1)
        : []
    ).map((owner) => ({ safeTransactionUid: row.uid, owner, signature: `0x${'11'.repeat(65)}` })),
  );
  if (confirmations.length > 0) await testApp.db.insert(safeTransactionConfirmations).values(confirmations);
  return rows;
}

/**
 * 60 executed transactions (nonces 0..59); at nonces 10 and 20 a replaced one beside the executed
 * one, created at the same instant (the keyset's uid breaks the tie); nonces 60..62 queued.
 */
async function pagingScene() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const viewer = await addMember(testApp, organization.uid, 'Viewer');
  const base = Date.now() - 3_600_000;
  const history = await insertSafeTransactions(testApp, organization.uid, [
    ...Array.from({ length: 60 }, (_, nonce) => ({
      nonce,
      status: 'executed' as const,
      createdAt: new Date(base + nonce * 1000),
    })),
    ...[10, 20].map((nonce) => ({
      nonce,
      status: 'replaced' as const,
      amount: 999,
      createdAt: new Date(base + nonce * 1000),
    })),
  ]);
  const queued = await insertSafeTransactions(
    testApp,
    organization.uid,
    [60, 61, 62].map((nonce) => ({ nonce, status: 'awaiting_confirmations' as const })),
  );
  const ask = (path: string, cookie = viewer.cookie) =>
    call(testApp.app, 'GET', path, { cookie, organization: organization.uid });
  return { testApp, organization, admin, viewer, queued, historyUids: history.map((row) => row.uid), ask };
}

type Scene = Awaited<ReturnType<typeof pagingScene>>;

/** Every history row from the list's first page on, following historyCursor with pages of `limit`. */
async function readAllHistory(scene: Scene, limit: number, between?: () => Promise<void>) {
  const first = ZSafeTransactionsResponse.parse((await scene.ask('/wallet/transactions')).json()).data;
  const rows = [...first.history];
  let cursor = first.historyCursor;
  while (cursor) {
    await between?.();
    const page = await scene.ask(`/wallet/transactions/history?cursor=${cursor}&limit=${limit}`);
    expect(page.statusCode, page.body).toBe(200);
    const data = ZSafeTransactionHistoryResponse.parse(page.json()).data;
    expect(data.history.length).toBeLessThanOrEqual(limit);
    rows.push(...data.history);
    cursor = data.historyCursor;
  }
  return rows;
}

describe('the Safe queue and history as lists', () => {
  it('answers light list rows: what the list shows, the full shape only for one transaction', async () => {
    const scene = await pagingScene();
    const answer = await scene.ask('/wallet/transactions');
    expect(answer.statusCode, answer.body).toBe(200);
    const raw = answer.json() as { data: { queued: object[]; history: object[] } };
    const listKeys = Object.keys(ZSafeTransactionListItem.shape).sort();
    for (const row of [...raw.data.queued, ...raw.data.history])
      expect(Object.keys(row).sort()).toEqual(listKeys);
    for (const heavy of ['tx', 'typedData', 'domainHash', 'messageHash', 'confirmations', 'proposedBy'])
      expect(listKeys).not.toContain(heavy);

    const { queued, history, historyCursor } = ZSafeTransactionsResponse.parse(answer.json()).data;
    expect(queued.map((row) => row.nonce)).toEqual([60, 61, 62]);
    expect(queued[0]).toMatchObject({
      kind: 'transfer',
      status: 'awaiting_confirmations',
      network: 'arbitrum-sepolia',
      threshold: 2,
      confirmed: 1,
      conflict: false,
      transfer: { symbol: 'USDC', amount: '61', recipient: { name: 'Payroll', address: RECIPIENT } },
      executionTxHash: null,
    });
    expect(queued[0]?.missing.map((owner) => owner.owner)).toEqual([OWNERS[1]]);
    expect(history).toHaveLength(50);
    expect(history[0]).toMatchObject({ nonce: 59, status: 'executed', confirmed: 2, missing: [] });
    expect(historyCursor).toBe(history.at(-1)?.uid);

    // The one-transaction read keeps everything: SafeTx, hashes, typed data, confirmations.
    const one = await scene.ask(`/wallet/transactions/${history[0]?.safeTxHash}`);
    expect(one.statusCode, one.body).toBe(200);
    const full = ZSafeTransactionResponse.parse(one.json()).data;
    expect(full).toMatchObject({ uid: history[0]?.uid, tx: { nonce: '59' }, safeAddress: SAFE });
    expect(JSON.parse(full.typedData)).toMatchObject({ primaryType: 'SafeTx' });
    expect(full.confirmations.map((confirmation) => confirmation.owner)).toEqual(OWNERS);
  });

  it('pages the whole history by cursor, the last executed first, with no duplicate and no gap', async () => {
    const scene = await pagingScene();
    const rows = await readAllHistory(scene, 7);
    expect(rows.map((row) => row.uid).sort()).toEqual([...scene.historyUids].sort());
    expect(new Set(rows.map((row) => row.uid)).size).toBe(rows.length);
    const nonces = rows.map((row) => row.nonce);
    expect(nonces).toEqual([...nonces].sort((a, b) => b - a));
    // Both transactions at nonce 10 and 20, whatever page boundary falls between them.
    expect(nonces.filter((nonce) => nonce === 10)).toHaveLength(2);
    expect(rows.filter((row) => row.status === 'replaced').map((row) => row.nonce)).toEqual([20, 10]);
    // The last page says so.
    const lastCursor = rows.at(-2)?.uid;
    const last = ZSafeTransactionHistoryResponse.parse(
      (await scene.ask(`/wallet/transactions/history?cursor=${lastCursor}&limit=5`)).json(),
    ).data;
    expect(last).toEqual({ history: [rows.at(-1)], historyCursor: null });
  });

  it('keeps the pages whole while a queued transaction executes between them', async () => {
    const scene = await pagingScene();
    const [leaving] = scene.queued;
    if (!leaving) throw new Error('queued');
    let moved = false;
    const rows = await readAllHistory(scene, 9, async () => {
      if (moved) return;
      moved = true;
      // Executed after the first page was read: it is newer than every page still to come.
      await scene.testApp.db
        .update(safeTransactions)
        .set({ status: 'executed', updatedAt: new Date() })
        .where(eq(safeTransactions.uid, leaving.uid));
    });
    expect(moved).toBe(true);
    expect(rows.map((row) => row.uid).sort()).toEqual([...scene.historyUids].sort());
    const now = ZSafeTransactionsResponse.parse((await scene.ask('/wallet/transactions')).json()).data;
    expect(now.history[0]).toMatchObject({ uid: leaving.uid, nonce: 60, status: 'executed' });
    expect(now.queued.map((row) => row.nonce)).toEqual([61, 62]);
  });

  it('refuses a bad cursor or page size with a 400, and keeps the history to members', async () => {
    const scene = await pagingScene();
    for (const query of ['cursor=nope', 'limit=0', 'limit=101', 'limit=ten']) {
      const answer = await scene.ask(`/wallet/transactions/history?${query}`);
      expect(errorOf(answer), query).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
    // A uid that is no history row of this organization: a queued one, another organization's, none.
    const other = await createOrganization(scene.testApp, scene.admin.cookie);
    const [foreign] = await insertSafeTransactions(scene.testApp, other.uid, [
      { nonce: 0, status: 'executed', amount: 12_345 },
    ]);
    const [queued] = scene.queued;
    for (const cursor of [queued?.uid, foreign?.uid, crypto.randomUUID()]) {
      const answer = await scene.ask(`/wallet/transactions/history?cursor=${cursor}`);
      expect(errorOf(answer)).toEqual({ status: 400, code: 'VALIDATION', message: INVALID_CURSOR_MESSAGE });
    }
    // Every member reads it; an outsider learns nothing; no session is a 401.
    const page = await scene.ask('/wallet/transactions/history?limit=3');
    expect(ZSafeTransactionHistoryResponse.parse(page.json()).data.history.map((row) => row.nonce)).toEqual([
      59, 58, 57,
    ]);
    const outsider = await signInUser(scene.testApp.app);
    expect((await scene.ask('/wallet/transactions/history', outsider.cookie)).statusCode).toBe(404);
    expect(
      (
        await call(scene.testApp.app, 'GET', '/wallet/transactions/history', {
          organization: scene.organization.uid,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('on two networks: the queue by nonce then network, the history by execution, conflicts per network', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const AMOY = 80002;
    const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    // History: arbitrum-sepolia's nonces 0..2 and polygon-amoy's 0..1, executed interleaved in time;
    // polygon-amoy's nonce 1 last, though arbitrum-sepolia's nonce 2 is higher.
    const history = await insertSafeTransactions(testApp, organization.uid, [
      { nonce: 0, status: 'executed', createdAt: at(0), settledAt: at(1) },
      { nonce: 0, status: 'executed', chainId: AMOY, createdAt: at(0), settledAt: at(2) },
      { nonce: 1, status: 'executed', createdAt: at(3), settledAt: at(4) },
      { nonce: 2, status: 'executed', createdAt: at(5), settledAt: at(6) },
      { nonce: 1, status: 'executed', chainId: AMOY, createdAt: at(3), settledAt: at(7) },
    ]);
    // The queue: at arbitrum-sepolia's nonce 3 two transactions (a conflict); polygon-amoy's nonce 3
    // alone (no conflict, though arbitrum-sepolia has one at that nonce), proposed before them but
    // listed after them: at one nonce the networks come in name order.
    const queued = await insertSafeTransactions(testApp, organization.uid, [
      { nonce: 2, status: 'awaiting_confirmations', chainId: AMOY, createdAt: at(10) },
      { nonce: 3, status: 'awaiting_confirmations', createdAt: at(11) },
      { nonce: 3, status: 'awaiting_confirmations', amount: 77, createdAt: at(12) },
      { nonce: 3, status: 'awaiting_confirmations', chainId: AMOY, createdAt: at(9) },
      { nonce: 4, status: 'awaiting_confirmations', createdAt: at(14) },
    ]);
    const ask = (path: string) =>
      call(testApp.app, 'GET', path, { cookie: admin.cookie, organization: organization.uid });
    const list = ZSafeTransactionsResponse.parse((await ask('/wallet/transactions')).json()).data;
    const uidsOf = (rows: readonly { uid: string }[]) => rows.map((row) => row.uid);
    const [amoy2, arb3, arb3b, amoy3, arb4] = uidsOf(queued);
    expect(list.queued.map((row) => [row.network, row.nonce, row.conflict])).toEqual([
      ['polygon-amoy', 2, false],
      ['arbitrum-sepolia', 3, true],
      ['arbitrum-sepolia', 3, true],
      ['polygon-amoy', 3, false],
      ['arbitrum-sepolia', 4, false],
    ]);
    expect(uidsOf(list.queued)).toEqual([amoy2, arb3, arb3b, amoy3, arb4]);
    // The one-transaction read says the same of a conflict.
    for (const row of list.queued) {
      const one = ZSafeTransactionResponse.parse(
        (await ask(`/wallet/transactions/${row.safeTxHash}`)).json(),
      );
      expect(one.data.conflict, `${row.network} ${row.nonce}`).toBe(row.conflict);
    }

    const [arb0, amoy0, arb1, arb2, amoy1] = uidsOf(history);
    const newestFirst = [amoy1, arb2, arb1, amoy0, arb0];
    expect(list.history.map((row) => [row.network, row.nonce, row.conflict])).toEqual([
      ['polygon-amoy', 1, false],
      ['arbitrum-sepolia', 2, false],
      ['arbitrum-sepolia', 1, false],
      ['polygon-amoy', 0, false],
      ['arbitrum-sepolia', 0, false],
    ]);
    expect(uidsOf(list.history)).toEqual(newestFirst);
    // Paged two at a time, the same order; polygon-amoy's nonce 2 executed between two pages
    // lands before the first page (it left the queue last), never between pages.
    const firstPage = ZSafeTransactionHistoryResponse.parse(
      (await ask('/wallet/transactions/history?limit=2')).json(),
    ).data;
    expect(uidsOf(firstPage.history)).toEqual(newestFirst.slice(0, 2));
    await testApp.db
      .update(safeTransactions)
      .set({ status: 'executed', updatedAt: new Date() })
      .where(eq(safeTransactions.uid, amoy2 ?? ''));
    const paged = [...firstPage.history];
    let cursor = firstPage.historyCursor;
    while (cursor) {
      const page = ZSafeTransactionHistoryResponse.parse(
        (await ask(`/wallet/transactions/history?cursor=${cursor}&limit=2`)).json(),
      ).data;
      paged.push(...page.history);
      cursor = page.historyCursor;
    }
    expect(uidsOf(paged)).toEqual(newestFirst);
    const after = ZSafeTransactionsResponse.parse((await ask('/wallet/transactions')).json()).data;
    expect(uidsOf(after.history)).toEqual([amoy2, ...newestFirst]);
  });

  it('names owners from signers kept in the read cache, exact again after the next write', async () => {
    const testApp = await createTestApp({}, { cacheReads: true });
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const [device] = await testApp.db
      .insert(signingDevices)
      .values({ userUid: admin.uid, name: 'Key', ethAddress: OWNERS[1] ?? '', verifiedAt: new Date() })
      .returning();
    await testApp.db.insert(walletSigners).values({
      organizationUid: organization.uid,
      userUid: admin.uid,
      signingDeviceUid: device?.uid ?? null,
    });
    const [first, second] = await insertSafeTransactions(
      testApp,
      organization.uid,
      [0, 1].map((nonce) => ({ nonce, status: 'awaiting_confirmations' as const })),
    );
    const missingOf = async (safeTxHash: string | undefined) => {
      const answer = await call(testApp.app, 'GET', `/wallet/transactions/${safeTxHash}`, {
        cookie: admin.cookie,
        organization: organization.uid,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return ZSafeTransactionResponse.parse(answer.json()).data.missing;
    };
    expect(await missingOf(first?.safeTxHash)).toEqual([
      { owner: OWNERS[1], userUid: admin.uid, name: admin.email },
    ]);

    // Renamed behind the API's back: another transaction, never read, names the owner as before
    // (proof the signers are kept)…
    await testApp.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.uid, admin.uid));
    expect((await missingOf(second?.safeTxHash))[0]?.name).toBe(admin.email);
    // …until a write, after which both read the new name.
    await call(testApp.app, 'POST', '/auth', { body: { email: 'someone@example.com' } });
    expect((await missingOf(first?.safeTxHash))[0]?.name).toBe('Ada Lovelace');
    expect((await missingOf(second?.safeTxHash))[0]?.name).toBe('Ada Lovelace');
  });
});
