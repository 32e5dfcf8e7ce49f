import { PERMISSION_DENIED_MESSAGE, type TRole } from '@dash/shared';
import type { TRegisteredWallet } from '@dash/shared/api';
import { refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { provideDocumentFonts } from '../../../test/document-fonts';
import BlockchainWalletsPage, { REGISTERED_WALLETS_SKELETON_ROWS } from './BlockchainWalletsPage';

const WALLETS: TRegisteredWallet[] = [
  {
    uid: '44444444-4444-4444-8444-444444444444',
    network: 'polygon-amoy',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    name: 'Treasury',
    remark: 'Cold storage',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    uid: '55555555-5555-4555-8555-555555555555',
    network: 'solana',
    address: 'So11111111111111111111111111111111111111112',
    name: 'Solana payouts',
    remark: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
];

function renderWallets(
  role: TRole,
  answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
) {
  vi.stubGlobal('fetch', vi.fn(answer));
  return renderPage(<BlockchainWalletsPage />, { role });
}

const listed = async () => new Response(JSON.stringify({ data: WALLETS }), { status: 200 });

configure({ asyncUtilTimeout: 5000 });
provideDocumentFonts();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Registered Wallets page', () => {
  it('shows exactly 10 skeleton rows while the list loads', () => {
    const { container } = renderWallets('Admin', () => new Promise<Response>(() => {}));
    expect(screen.getByLabelText('Loading registered wallets')).toBeTruthy();
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(REGISTERED_WALLETS_SKELETON_ROWS);
    expect(REGISTERED_WALLETS_SKELETON_ROWS).toBe(10);
  });

  it('links every row to its network explorer and shows a Viewer no control', async () => {
    renderWallets('Viewer', listed);
    const table = await screen.findByRole('table', { name: 'Registered wallets' });
    const treasury = within(table).getByRole('row', { name: /Treasury/ });
    expect(within(treasury).getByRole('link').getAttribute('href')).toBe(
      'https://amoy.polygonscan.com/address/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    const solana = within(table).getByRole('row', { name: /Solana payouts/ });
    expect(within(solana).getByRole('link').getAttribute('href')).toBe(
      'https://explorer.solana.com/address/So11111111111111111111111111111111111111112',
    );
    expect(screen.queryByRole('button', { name: 'Register wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.getByText(PERMISSION_DENIED_MESSAGE['rails.write'])).toBeTruthy();
  });

  it('names a wallet on a local dev chain as such, linking it to no public explorer', async () => {
    renderWallets('Viewer', async () =>
      Response.json({ data: [{ ...WALLETS[0], localChain: true }, WALLETS[1]] }, { status: 200 }),
    );
    const table = await screen.findByRole('table', { name: 'Registered wallets' });
    const treasury = within(table).getByRole('row', { name: /Treasury/ });
    expect(within(treasury).queryByRole('link')).toBeNull();
    expect(within(treasury).getByText('(local chain)')).toBeTruthy();
    const solana = within(table).getByRole('row', { name: /Solana payouts/ });
    expect(within(solana).getByRole('link')).toBeTruthy();
  });

  it('gives an Editor register, edit and delete', async () => {
    renderWallets('Editor', listed);
    await screen.findByRole('table', { name: 'Registered wallets' });
    expect(screen.getByRole('button', { name: 'Register wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Treasury' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Solana payouts' })).toBeTruthy();
  });

  it('names the close button of each dialog, and gives the dialogs no banner landmark', async () => {
    renderWallets('Editor', listed);
    await screen.findByRole('table', { name: 'Registered wallets' });
    for (const [opener, title] of [
      ['Register wallet', 'Register a wallet'],
      ['Edit Treasury', 'Edit wallet'],
      ['Delete Solana payouts', 'Delete wallet'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: opener }));
      const dialog = await screen.findByRole('dialog', { name: title });
      const close = within(dialog).getByRole('button', { name: 'Close' });
      expect(within(dialog).queryByRole('banner')).toBeNull();
      fireEvent.click(close);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('puts focus on the first invalid field of the Register dialog after a refused submit, and sends nothing more', async () => {
    const fetch = vi.fn(listed);
    renderWallets('Editor', fetch);
    await screen.findByRole('table', { name: 'Registered wallets' });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a wallet' });
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    const add = within(dialog).getByRole('button', { name: 'Register wallet' });
    const calls = fetch.mock.calls.length;
    add.focus();
    fireEvent.click(add);

    await waitFor(() => expect(document.activeElement).toBe(address));
    // The field says it is invalid and is described by its message; the name, invalid too, comes after it.
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('textbox', { name: /Address/, description: 'Invalid EVM address' })).toBe(
      address,
    );
    expect(
      within(dialog).getByRole('textbox', { name: /Name/, description: 'Name is required' }),
    ).toBeTruthy();
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('puts focus on the field the server refused in the Register dialog', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? refusal({ name: 'Name already used' }) : listed(),
    );
    renderWallets('Editor', fetch);
    await screen.findByRole('table', { name: 'Registered wallets' });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a wallet' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address/ }), {
      target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'Treasury' } });
    const add = within(dialog).getByRole('button', { name: 'Register wallet' });
    add.focus();
    fireEvent.click(add);

    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('textbox', { name: /Name/, description: 'Name already used' })).toBe(
      name,
    );
  });

  it('puts focus on the emptied name of the Edit dialog after a refused save', async () => {
    const fetch = vi.fn(listed);
    renderWallets('Editor', fetch);
    await screen.findByRole('table', { name: 'Registered wallets' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Treasury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit wallet' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: '  ' } });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const calls = fetch.mock.calls.length;
    save.focus();
    fireEvent.click(save);

    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('textbox', { name: /Name/, description: 'Name is required' })).toBe(name);
    expect(fetch.mock.calls.length).toBe(calls);
  });
});
