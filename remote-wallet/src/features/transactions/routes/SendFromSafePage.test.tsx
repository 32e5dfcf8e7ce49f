import type { TRole } from '@dash/shared';
import {
  SAFE_AMOUNT_DECIMALS,
  SAFE_WALLET_NOT_ON_NETWORK,
  type THoldings,
  type TRegisteredWallet,
  type TWallet,
} from '@dash/shared/api';
import { refusal, renderPage, stubScrollIntoViewInEachTest } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { DEPLOYED, PAYROLL, PAYROLL_UID, SAFE, safeTransaction } from '../../../test/safe-transactions';
import SendFromSafePage from './SendFromSafePage';

const registered = (uid: string, name: string, network: TRegisteredWallet['network'], address: string) => ({
  uid,
  name,
  network,
  address,
  remark: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const PAYROLL_WALLET = registered(PAYROLL_UID, 'Payroll', 'arbitrum-sepolia', PAYROLL);
/** On another network than the Safe's: never offered. */
const AMOY_WALLET = registered(
  '77777777-7777-4777-8777-777777777777',
  'Brazil ops',
  'polygon-amoy',
  '0x0000000000000000000000000000000000000abc',
);

const HOLDINGS: THoldings = {
  networks: [
    {
      network: 'arbitrum-sepolia',
      chainId: 421614,
      local: true,
      status: 'watched',
      block: 7,
      checkedAt: '2026-11-22T10:00:00.000Z',
      statusSince: '2026-11-22T09:00:00.000Z',
    },
  ],
  wallets: [
    {
      kind: 'safe',
      uid: null,
      name: null,
      network: 'arbitrum-sepolia',
      address: SAFE,
      balances: [
        { symbol: 'USDC', amount: '100' },
        { symbol: 'MXNB', amount: '0' },
      ],
    },
  ],
  reconciliation: [],
  incoming: [],
};

/** Answers GET wallet, holdings and registered wallets, and POST wallet/transactions with `propose()`; returns the POSTs. */
function serve({
  wallet = DEPLOYED,
  wallets = [PAYROLL_WALLET, AMOY_WALLET],
  propose = () => Response.json({ data: safeTransaction({ nonce: 8 }) }, { status: 201 }),
}: {
  wallet?: TWallet;
  wallets?: TRegisteredWallet[];
  propose?: () => Response;
} = {}) {
  const posted: { body: unknown; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (init?.method === 'POST') {
        posted.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return propose();
      }
      if (path.endsWith('/holdings')) return Response.json({ data: HOLDINGS });
      if (path.endsWith('/rails/blockchain-wallets')) return Response.json({ data: wallets });
      return Response.json({ data: wallet });
    }),
  );
  return posted;
}

const open = (role: TRole = 'Editor') =>
  renderPage(<SendFromSafePage />, { role, url: '/org/acme/wallet/send' });

/** Chooses an option of a (native) select by its words. */
function choose(label: RegExp, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  pick(select, within(select).getByRole<HTMLOptionElement>('option', { name: option }));
}

function pick(select: HTMLElement, option: HTMLOptionElement) {
  fireEvent.change(select, { target: { value: option.value } });
}

/** The options a select offers to choose (its disabled prompt aside). */
function optionsOf(select: HTMLElement): HTMLOptionElement[] {
  return within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .filter((option) => !option.disabled);
}

/** The words of a select's chosen option. */
const chosenOf = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;

/** The message under a field (Mantine names it in the input's aria-describedby). */
function errorOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

configure({ asyncUtilTimeout: 5000 });
stubScrollIntoViewInEachTest();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Send from the Safe', () => {
  it('offers the Safe network’s tokens and its registered wallets there, and proposes the transfer with an Idempotency-Key', async () => {
    const posted = serve();
    open();
    const form = await screen.findByRole('form', { name: 'Send from the Safe' });
    expect(form.textContent).toContain('From the organization’s Safe on Arbitrum Sepolia, local chain.');
    const token = within(form).getByRole('combobox', { name: /Token/ });
    // Of two tokens none is chosen yet: the select asks for one.
    expect(chosenOf(token)).toBe('Choose a token');
    const tokens = optionsOf(token);
    expect(tokens.map((option) => option.textContent)).toEqual(['USDC', 'MXNB']);
    pick(token, tokens[0] as HTMLOptionElement);
    // The only registered wallet on the Safe's network is chosen already.
    const recipient = within(form).getByRole('combobox', { name: /Recipient/ });
    expect(chosenOf(recipient)).toBe('Payroll (0x1aD9…5836)');
    expect(optionsOf(recipient).map((option) => option.textContent)).toEqual(['Payroll (0x1aD9…5836)']);
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(errorOf(amount)).toContain('The Safe holds 100.00 USDC.');
    fireEvent.change(amount, { target: { value: ' 12.34 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
        `/org/acme/wallet/transactions/${safeTransaction().safeTxHash}`,
      ),
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      kind: 'transfer',
      symbol: 'USDC',
      amount: '12.34',
      walletUid: PAYROLL_UID,
    });
    expect(posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows each field’s error under it, and sends nothing', async () => {
    const posted = serve({
      wallets: [PAYROLL_WALLET, { ...PAYROLL_WALLET, uid: AMOY_WALLET.uid, name: 'Treasury' }],
    });
    open();
    const form = await screen.findByRole('form', { name: 'Send from the Safe' });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    const token = within(form).getByRole('combobox', { name: /Token/ });
    await waitFor(() => expect(errorOf(token)).toContain('Choose a token'));
    expect(errorOf(within(form).getByRole('combobox', { name: /Recipient/ }))).toContain(
      'Choose a registered wallet',
    );
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(errorOf(amount)).toContain('Enter an amount such as 10 or 10.50');
    // The keyboard is taken to the first field in error.
    expect(document.activeElement).toBe(token);

    choose(/Token/, 'USDC');
    for (const [typed, message] of [
      ['0', 'Amount must be positive'],
      ['-5', 'Amount must be positive'],
      ['1.1234567', 'USDC has 6 decimal places: use at most 6.'],
    ]) {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
      await waitFor(() => expect(errorOf(amount)).toContain(message));
    }
    expect(posted).toEqual([]);
  });

  it('puts the API’s field errors under their fields, worded for the wallet', async () => {
    const posted = serve({
      propose: () => refusal({ walletUid: SAFE_WALLET_NOT_ON_NETWORK, amount: SAFE_AMOUNT_DECIMALS }),
    });
    open('Admin');
    const form = await screen.findByRole('form', { name: 'Send from the Safe' });
    choose(/Token/, 'MXNB');
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount/ }), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    const recipient = within(form).getByRole('combobox', { name: /Recipient/ });
    await waitFor(() =>
      expect(errorOf(recipient)).toContain('Choose a registered wallet on the Safe’s network'),
    );
    expect(errorOf(within(form).getByRole('textbox', { name: /Amount/ }))).toContain(
      'The token has fewer decimals than this amount',
    );
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /Amount/ }));
    // Sent again unchanged, it is the same request: the same key.
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.key).toBe(posted[0]?.key);
  });

  it('tells a Viewer they cannot propose, with no form', async () => {
    serve();
    open('Viewer');
    expect(await screen.findByText('Viewers cannot propose wallet transactions.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when there is no registered wallet on the Safe’s network, with the way to register one', async () => {
    serve({ wallets: [AMOY_WALLET] });
    open();
    expect(
      await screen.findByText(
        /The organization has no registered wallet on Arbitrum Sepolia, local chain to send to\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register a wallet' }).getAttribute('href')).toBe(
      '/org/acme/rails/blockchain-wallets',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says nothing can be sent before the wallet is deployed', async () => {
    serve({ wallet: { ...DEPLOYED, status: 'undeployed' } });
    open();
    expect(
      await screen.findByText('The organization’s wallet is not deployed yet: nothing can be sent from it.'),
    ).toBeTruthy();
  });

  it('sends from the Safe on another network it is deployed on: that network’s tokens and wallets', async () => {
    const amoy = { id: 80002, name: 'Polygon Amoy (local)', key: 'dev', isDevChain: true } as const;
    const posted = serve({
      wallet: {
        ...DEPLOYED,
        networks: [
          {
            network: 'arbitrum-sepolia',
            chain: DEPLOYED.chain,
            status: 'deployed',
            address: SAFE,
            deployment: {},
          },
          { network: 'polygon-amoy', chain: amoy, status: 'deployed', address: SAFE, deployment: {} },
        ],
      },
    });
    open();
    await screen.findByRole('form', { name: 'Send from the Safe' });
    choose(/Network/, 'Polygon Amoy, local chain');
    const form = await screen.findByRole('form', { name: 'Send from the Safe' });
    await waitFor(() => expect(form.textContent).toContain('Polygon Amoy, local chain'));
    const token = within(form).getByRole('combobox', { name: /Token/ });
    const tokens = optionsOf(token);
    expect(tokens.map((option) => option.textContent)).toEqual(['testbrz']);
    pick(token, tokens[0] as HTMLOptionElement);
    const recipient = within(form).getByRole('combobox', { name: /Recipient/ });
    expect(chosenOf(recipient)).toMatch(/^Brazil ops/);
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount/ }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose transfer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({
      kind: 'transfer',
      symbol: 'testbrz',
      amount: '2',
      walletUid: '77777777-7777-4777-8777-777777777777',
    });
  });
});
