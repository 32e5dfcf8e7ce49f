import type { TRole } from '@dash/shared';
import type { TSafeTransaction } from '@dash/shared/api';
import { USER as ME, renderPage } from '@dash/shared/test';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { CARLA, DEPLOYED, listRow, rejection, safeTransaction } from '../../../test/safe-transactions';
import { SafeQueue } from './SafeQueue';

const hash = (byte: string) => `0x${byte.repeat(32)}`;

function renderQueue(
  queued: TSafeTransaction[],
  history: TSafeTransaction[] = [],
  role: TRole = 'Admin',
  userUid = ME.uid,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        data: { queued: queued.map(listRow), history: history.map(listRow), historyCursor: null },
      }),
    ),
  );
  renderPage(
    <SafeQueue
      organizationUid="33333333-3333-4333-8333-333333333333"
      wallet={DEPLOYED}
      currentUserUid={userUid}
    />,
    { role, user: { uid: userUid } },
  );
}

const sections = () => screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Safe’s queue', () => {
  it('groups the queue as Safe{Wallet} does, each transaction linked to its page, Confirm where the viewer is awaited', async () => {
    const needsAna = safeTransaction({ nonce: 4, safeTxHash: hash('04') });
    const awaitingBruno = safeTransaction({ nonce: 3, safeTxHash: hash('03'), confirmedBy: ['ana'] });
    const ready = safeTransaction({
      nonce: 2,
      safeTxHash: hash('02'),
      status: 'ready',
      confirmedBy: ['ana', 'bruno'],
    });
    const executing = safeTransaction({
      nonce: 1,
      safeTxHash: hash('01'),
      status: 'executing',
      confirmedBy: ['ana', 'bruno'],
    });
    const executed = safeTransaction({
      nonce: 0,
      safeTxHash: hash('00'),
      status: 'executed',
      confirmedBy: ['ana', 'bruno'],
      executionTxHash: hash('ee'),
    });
    renderQueue([executing, ready, awaitingBruno, needsAna], [executed]);
    await screen.findByRole('heading', { name: 'Needs your signature' });
    expect(sections()).toEqual([
      'Needs your signature',
      'Awaiting others',
      'Ready to execute',
      'Executing',
      'History',
    ]);

    const mine = screen.getByRole('region', { name: 'Needs your signature' });
    const article = within(mine).getByRole('article', { name: 'Transaction at nonce 4' });
    const link = within(article).getByRole('link', { name: 'Send 12.34 USDC to Payroll (0x1aD9…5836)' });
    expect(link.getAttribute('href')).toBe(`/org/acme/wallet/transactions/${hash('04')}`);
    expect(article.textContent).toContain('Nonce 4 · 0 of 2 confirmations');
    expect(article.textContent).toContain('Waiting for: Ana Souza and Bruno Test');
    const confirm = within(article).getByRole('button', { name: 'Confirm with signing device' });
    expect(confirm.getAttribute('aria-describedby')).toBe(link.id);

    const others = screen.getByRole('region', { name: 'Awaiting others' });
    expect(within(others).getByRole('article', { name: 'Transaction at nonce 3' }).textContent).toContain(
      'Waiting for: Bruno Test',
    );
    expect(within(others).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Confirm with signing device' })).toHaveLength(1);

    const history = screen.getByRole('table', { name: 'History' });
    expect(
      within(history)
        .getByRole('link', { name: /Send 12.34 USDC to Payroll/ })
        .getAttribute('href'),
    ).toBe(`/org/acme/wallet/transactions/${hash('00')}`);
    expect(within(history).getByRole('row', { name: /Executed/ })).toBeTruthy();
  });

  it('keeps the transactions sharing a nonce together, marked as a conflict', async () => {
    const transfer = safeTransaction({ nonce: 5, conflict: true });
    const itsRejection = rejection(5, { conflict: true, confirmedBy: ['ana'] });
    const later = safeTransaction({ nonce: 6, safeTxHash: hash('06') });
    renderQueue([transfer, itsRejection, later]);
    const group = await screen.findByRole('group', { name: 'Nonce 5: 2 conflicting transactions' });
    expect(group.textContent).toContain('Another transaction has this nonce: only one of them can execute.');
    const rows = within(group).getAllByRole('article');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Send 12.34 USDC to Payroll (0x1aD9…5836)',
      'Reject nonce 5: an empty transaction that uses it',
    ]);
    // Ana signed the rejection, not the transfer: Confirm on the transfer only.
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Confirm with signing device' }),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect((rows[1] as HTMLElement).textContent).toContain('Awaiting confirmations');
    // Nonce 6 conflicts with nothing: not in a group.
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('offers Send from the Safe to Admins and Editors, and a member who is no owner no Confirm', async () => {
    renderQueue([safeTransaction()], [], 'Editor', CARLA);
    expect((await screen.findByRole('link', { name: 'Send from the Safe' })).getAttribute('href')).toBe(
      '/org/acme/wallet/send',
    );
    expect(await screen.findByRole('region', { name: 'Awaiting others' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm with signing device' })).toBeNull();

    cleanup();
    renderQueue([safeTransaction()], [], 'Viewer', CARLA);
    await screen.findByRole('region', { name: 'Awaiting others' });
    expect(screen.queryByRole('link', { name: 'Send from the Safe' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the history’s latest page, and older pages by cursor on Show older until the last', async () => {
    const executed = (nonce: number) =>
      listRow(
        safeTransaction({
          nonce,
          safeTxHash: hash(nonce.toString(16).padStart(2, '0')),
          status: 'executed',
          confirmedBy: ['ana', 'bruno'],
        }),
      );
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).replace('/api/v0/', '');
        asked.push(path);
        if (path === 'wallet/transactions/history?cursor=c-9')
          return Response.json({ data: { history: [executed(8), executed(7)], historyCursor: 'c-7' } });
        if (path === 'wallet/transactions/history?cursor=c-7')
          return Response.json({ data: { history: [executed(6)], historyCursor: null } });
        return Response.json({
          data: { queued: [], history: [executed(10), executed(9)], historyCursor: 'c-9' },
        });
      }),
    );
    renderPage(
      <SafeQueue
        organizationUid="33333333-3333-4333-8333-333333333333"
        wallet={DEPLOYED}
        currentUserUid={ME.uid}
      />,
      { role: 'Viewer', user: { uid: ME.uid } },
    );
    const nonces = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent)
        .filter((cell) => cell !== 'Nonce');
    await screen.findByRole('table', { name: 'History' });
    expect(nonces()).toEqual(['10', '9']);
    expect(asked.some((path) => path.startsWith('wallet/transactions/history'))).toBe(false);
    (await screen.findByRole('button', { name: 'Show older' })).click();
    await screen.findByText('8');
    expect(nonces()).toEqual(['10', '9', '8', '7']);
    (await screen.findByRole('button', { name: 'Show older' })).click();
    await screen.findByText('6');
    expect(nonces()).toEqual(['10', '9', '8', '7', '6']);
    // The last page: nothing older to show.
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
