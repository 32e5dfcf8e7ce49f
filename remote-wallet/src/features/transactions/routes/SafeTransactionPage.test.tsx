import type { TRole } from '@dash/shared';
import type { TSafeTransaction, TWallet } from '@dash/shared/api';
import { renderPage, stubEventStream } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  ANA_KEY,
  BRUNO,
  CARLA,
  DEPLOYED,
  listRow,
  PAYROLL,
  rejection,
  SAFE,
  safeTransaction,
  USDC,
} from '../../../test/safe-transactions';
import SafeTransactionPage from './SafeTransactionPage';

interface Served {
  /** The POST bodies and their Idempotency-Key headers, in order. */
  posted: { path: string; body: unknown; key: string | null }[];
  /** GETs of the transaction's own path. */
  reads: () => number;
}

/**
 * Answers the page's calls: GET wallet, GET wallet/transactions (the queue: `queued`), GET
 * wallet/transactions/{hash} (from `transactions`, else 404), POST wallet/transactions (answers
 * `proposed`) and POST …/confirmations (answers the transaction confirmed by Ana).
 */
function serve({
  transactions,
  queued = transactions,
  wallet = DEPLOYED,
  proposed,
}: {
  transactions: TSafeTransaction[];
  queued?: TSafeTransaction[];
  wallet?: TWallet;
  proposed?: TSafeTransaction;
}): Served {
  const posted: Served['posted'] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace('/api/v0/', '');
      const headers = new Headers(init?.headers);
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)), key: headers.get('idempotency-key') });
        if (path.endsWith('/confirmations')) {
          // Ana's confirmation, kept: the page reads the transaction again after it.
          const at = transactions.findIndex(
            (tx) => path === `wallet/transactions/${tx.safeTxHash}/confirmations`,
          );
          const before = transactions[at] as TSafeTransaction;
          const [first, ...rest] = before.missing;
          const after = {
            ...before,
            confirmations: [...before.confirmations, { ...first, submittedAt: '2026-11-22T11:00:00.000Z' }],
            missing: rest,
          } as TSafeTransaction;
          transactions[at] = after;
          return Response.json({ data: after }, { status: 201 });
        }
        return Response.json({ data: proposed }, { status: 201 });
      }
      if (path === 'wallet') return Response.json({ data: wallet });
      if (path === 'wallet/transactions')
        return Response.json({ data: { queued: queued.map(listRow), history: [], historyCursor: null } });
      const found = [...transactions, ...(proposed ? [proposed] : [])].find(
        (tx) => path === `wallet/transactions/${tx.safeTxHash}`,
      );
      if (path.startsWith('wallet/transactions/')) reads += 1;
      if (found) return Response.json({ data: found });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { posted, reads: () => reads };
}

function open(hash: string, role: TRole = 'Admin', userUid?: string) {
  renderPage(<SafeTransactionPage />, {
    role,
    url: `/org/acme/wallet/transactions/${hash}`,
    path: '/org/acme/wallet/transactions/:safeTxHash',
    ...(userUid ? { user: { uid: userUid } } : {}),
  });
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a Safe transaction’s page', () => {
  it('says in plain words what a transfer signs: token, amount, recipient and whose, network, nonce', async () => {
    const transfer = safeTransaction();
    serve({ transactions: [transfer] });
    open(transfer.safeTxHash);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Send 12.34 USDC to Payroll (0x1aD9…5836)' }),
    ).toBeTruthy();
    const what = screen.getByRole('region', { name: 'What you sign' });
    expect(what.textContent).toContain(
      `Signing this transaction sends 12.34 USDC from the organization’s Safe to Payroll (${PAYROLL}), the organization’s registered wallet “Payroll”, on Arbitrum Sepolia, local chain. It uses the Safe’s nonce 3.`,
    );
    const term = (name: string) => within(what).getByText(name).nextElementSibling?.textContent;
    expect(term('Token')).toBe(`USDC ${USDC}`);
    expect(term('Amount')).toBe('12.34 USDC');
    expect(term('Recipient')).toBe(`Payroll ${PAYROLL}A registered wallet of the organization`);
    expect(term('Network')).toBe('Arbitrum Sepolia, local chain');
    expect(term('From the Safe')).toBe(SAFE);
    expect(term('Nonce')).toBe('3');
    expect(term('Status')).toBe('Awaiting confirmations');
    expect(term('Proposed by')).toMatch(/^Bruno Test, on /);
    // Not executed: no execution transaction yet.
    expect(within(what).queryByText('Execution transaction')).toBeNull();

    const confirmations = screen.getByRole('region', { name: 'Confirmations' });
    expect(confirmations.textContent).toContain('0 of 2 confirmations');
    expect(within(confirmations).getByText('Nobody yet')).toBeTruthy();
    expect(within(confirmations).getByText(`Ana Souza (${ANA_KEY})`)).toBeTruthy();
    expect(within(confirmations).getByText(/^Bruno Test \(0x/)).toBeTruthy();

    // The hashes a hardware wallet shows, whole, each with its copy button.
    const hashes = screen.getByRole('region', { name: 'Compare on your signing device' });
    for (const [label, value] of [
      ['Domain hash', transfer.domainHash],
      ['Message hash', transfer.messageHash],
      ['safeTxHash', transfer.safeTxHash],
    ]) {
      expect(within(hashes).getByText(label as string).nextElementSibling?.textContent).toContain(value);
      expect(within(hashes).getByRole('button', { name: `Copy ${label}` })).toBeTruthy();
    }
  });

  it('says when the recipient is no longer a registered wallet', async () => {
    const transfer = safeTransaction({
      transfer: {
        ...(safeTransaction().transfer as NonNullable<TSafeTransaction['transfer']>),
        recipient: { walletUid: null, name: 'Payroll', address: PAYROLL },
      },
    });
    serve({ transactions: [transfer] });
    open(transfer.safeTxHash);
    const what = await screen.findByRole('region', { name: 'What you sign' });
    expect(what.textContent).toContain(
      `to Payroll (${PAYROLL}), a wallet no longer registered (it was “Payroll”), on Arbitrum Sepolia`,
    );
    expect(within(what).getByText('Recipient').nextElementSibling?.textContent).toContain(
      'No longer registered',
    );
  });

  it('says an off-ramp’s payment goes to the provider’s deposit address, and links the off-ramp', async () => {
    const offRampUid = '77777777-7777-4777-8777-000000000009';
    const payment = safeTransaction({
      transferUid: offRampUid,
      transfer: {
        ...(safeTransaction().transfer as NonNullable<TSafeTransaction['transfer']>),
        recipient: { walletUid: null, name: 'Bitso', address: PAYROLL },
      },
    });
    serve({ transactions: [payment] });
    open(payment.safeTxHash);
    const what = await screen.findByRole('region', { name: 'What you sign' });
    expect(what.textContent).toContain(
      `to Bitso (${PAYROLL}), Bitso’s deposit address for one of the organization’s off-ramps, on Arbitrum Sepolia`,
    );
    expect(what.textContent).not.toContain('no longer registered');
    expect(
      within(what)
        .getByRole('link', { name: 'The provider’s deposit address for an off-ramp: open the off-ramp' })
        .getAttribute('href'),
    ).toBe(`/org/acme/rails/transactions/${offRampUid}`);
  });

  it('says what a rejection is, and where an executed one was executed (no explorer on a local chain)', async () => {
    const executed = rejection(3, {
      status: 'executed',
      confirmedBy: ['ana', 'bruno'],
      executionTxHash: `0x${'cd'.repeat(32)}`,
    });
    serve({ transactions: [executed], queued: [] });
    open(executed.safeTxHash);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Reject nonce 3: an empty transaction that uses it',
      }),
    ).toBeTruthy();
    const what = screen.getByRole('region', { name: 'What you sign' });
    expect(what.textContent).toContain(
      'Signing this transaction rejects nonce 3: it is an empty transaction from the Safe to itself, with no value and no call, that uses nonce 3 on Arbitrum Sepolia, local chain.',
    );
    expect(within(what).getByText('Call').nextElementSibling?.textContent).toBe(
      'None: an empty transaction from the Safe to itself',
    );
    expect(within(what).getByText('Execution transaction').nextElementSibling?.textContent).toBe(
      `0x${'cd'.repeat(32)} (local chain: no public explorer)`,
    );
    expect(within(what).queryByRole('link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Confirmations' }).textContent).toContain(
      '2 of 2 confirmations',
    );
    expect(screen.queryByRole('button', { name: 'Confirm with signing device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('links the execution to the network’s explorer on a real network', async () => {
    const executed = safeTransaction({
      status: 'executed',
      network: 'arbitrum-one',
      chainId: 42161,
      confirmedBy: ['ana', 'bruno'],
      executionTxHash: `0x${'cd'.repeat(32)}`,
    });
    serve({
      transactions: [executed],
      queued: [],
      wallet: {
        ...DEPLOYED,
        chain: { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false },
      },
    });
    open(executed.safeTxHash);
    const link = await screen.findByRole('link', { name: `0x${'cd'.repeat(32)}` });
    expect(link.getAttribute('href')).toBe(`https://arbiscan.io/tx/0x${'cd'.repeat(32)}`);
    expect(screen.getByRole('region', { name: 'What you sign' }).textContent).toContain('on Arbitrum One.');
  });

  it('offers an awaited owner who may propose both Confirm and Reject', async () => {
    const transfer = safeTransaction();
    serve({ transactions: [transfer] });
    open(transfer.safeTxHash, 'Editor');
    expect(await screen.findByRole('button', { name: 'Confirm with signing device' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Status' }).textContent).toBe('Needs your signature');
  });

  it('shows a Viewer who is no owner no control: only the words and the hashes', async () => {
    const transfer = safeTransaction();
    serve({ transactions: [transfer] });
    open(transfer.safeTxHash, 'Viewer', CARLA);
    await screen.findByRole('region', { name: 'What you sign' });
    // The queue is read: Reject would show by now.
    await waitFor(() =>
      expect(
        screen.getByText('You are not an owner of this Safe: only its owners confirm its transactions.'),
      ).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Confirm with signing device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
  });

  it('shows a member who is no owner Reject (they may propose) but no Confirm', async () => {
    const transfer = safeTransaction();
    serve({ transactions: [transfer] });
    open(transfer.safeTxHash, 'Admin', CARLA);
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm with signing device' })).toBeNull();
    expect(
      screen.getByText('You are not an owner of this Safe: only its owners confirm its transactions.'),
    ).toBeTruthy();
  });

  it('offers no Reject once the nonce has a rejection, and links the conflicting transaction', async () => {
    const transfer = safeTransaction({ conflict: true, confirmedBy: ['ana'] });
    const itsRejection = rejection(3, { conflict: true });
    serve({ transactions: [transfer, itsRejection] });
    open(transfer.safeTxHash, 'Admin', BRUNO);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nonce 3 is used by more than one transaction');
    const sibling = await within(alert).findByRole('link', {
      name: 'Reject nonce 3: an empty transaction that uses it',
    });
    expect(sibling.getAttribute('href')).toBe(`/org/acme/wallet/transactions/${itsRejection.safeTxHash}`);
    // Bruno's confirmation is awaited: Confirm, but no second rejection.
    expect(screen.getByRole('button', { name: 'Confirm with signing device' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('proposes the rejection of the nonce with an Idempotency-Key, after asking, and opens it', async () => {
    const transfer = safeTransaction();
    const proposed = rejection(3);
    const served = serve({ transactions: [transfer], proposed });
    open(transfer.safeTxHash);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const propose = screen.getByRole('button', { name: 'Propose rejection' });
    expect(document.activeElement).toBe(propose);
    expect(propose.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Propose the rejection of nonce 3\? .* once 2 owners confirm it/)).toBeTruthy();
    fireEvent.click(propose);
    fireEvent.click(propose);
    await waitFor(() => expect(location()).toBe(`/org/acme/wallet/transactions/${proposed.safeTxHash}`));
    expect(served.posted).toHaveLength(1);
    expect(served.posted[0]?.path).toBe('wallet/transactions');
    expect(served.posted[0]?.body).toEqual({ kind: 'rejection', nonce: 3, network: 'arbitrum-sepolia' });
    expect(served.posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Reject nonce 3: an empty transaction that uses it',
      }),
    ).toBeTruthy();
  });

  it('confirms with the owner’s browser wallet on the Safe’s chain, then shows the confirmation', async () => {
    const transfer = safeTransaction();
    const served = serve({ transactions: [transfer] });
    const calls: string[] = [];
    const provider = {
      request: async ({ method }: { method: string }) => {
        calls.push(method);
        if (method === 'eth_requestAccounts') return [ANA_KEY.toLowerCase()];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'eth_signTypedData_v4') return `0x${'11'.repeat(65)}`;
        return null;
      },
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { uuid: 'test-wallet', name: 'Test', icon: '', rdns: 'test' }, provider },
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    try {
      open(transfer.safeTxHash);
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm with signing device' }));
      await waitFor(() => expect(served.posted).toHaveLength(1));
      expect(served.posted[0]).toEqual({
        path: `wallet/transactions/${transfer.safeTxHash}/confirmations`,
        body: { signature: `0x${'11'.repeat(65)}` },
        key: null,
      });
      expect(calls).toEqual([
        'eth_requestAccounts',
        'eth_chainId',
        'wallet_switchEthereumChain',
        'eth_signTypedData_v4',
      ]);
      await waitFor(() =>
        expect(screen.getByRole('region', { name: 'Confirmations' }).textContent).toContain(
          '1 of 2 confirmations',
        ),
      );
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });

  it('reads the transaction again when the event stream says it changed', async () => {
    const events = stubEventStream();
    const transfer = safeTransaction();
    const served = serve({ transactions: [transfer] });
    open(transfer.safeTxHash);
    await screen.findByRole('region', { name: 'What you sign' });
    const before = served.reads();
    events.send({ type: 'safe_transaction.updated', safeTxHash: transfer.safeTxHash });
    await waitFor(() => expect(served.reads()).toBeGreaterThan(before));
  });

  it('says a transaction this organization does not have is not there', async () => {
    serve({ transactions: [] });
    open(`0x${'00'.repeat(32)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to wallet' }).getAttribute('href')).toBe(
      '/org/acme/wallet',
    );
  });
});
