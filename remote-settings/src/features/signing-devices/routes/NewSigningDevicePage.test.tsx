import { setLocale } from '@dash/shared';
import { refusal, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewSigningDevicePage } from './NewSigningDevicePage';

const CHALLENGE = '66666666-6666-4666-8666-666666666666';
const SIGNED = `0x${'cd'.repeat(65)}`;

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

describe('adding a signing device', () => {
  it('puts focus on the first invalid field after a refused submit, in the form order, and sends nothing', async () => {
    const fetch = vi.fn(async () => Response.json({ data: {} }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<NewSigningDevicePage />, { locale: 'en' });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    const address = screen.getByRole('textbox', { name: /Ethereum address/ });
    // No browser wallet: the first press asks for the message to sign elsewhere.
    const add = await screen.findByRole('button', { name: 'Get the message to sign' });

    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Name/, description: 'Name is required' })).toBe(name);

    fireEvent.change(name, { target: { value: 'Ledger' } });
    fireEvent.change(address, { target: { value: '0x123' } });
    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    // Described by its hint and its error.
    expect(
      screen.getByRole('textbox', { name: /Ethereum address/, description: /Invalid Ethereum address/ }),
    ).toBe(address);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts focus on the field the server refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal({ ethAddress: 'This device is already registered' })),
    );
    await renderPage(<NewSigningDevicePage />, { locale: 'en' });
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Ledger' } });
    const address = screen.getByRole('textbox', { name: /Ethereum address/ });
    fireEvent.change(address, { target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } });
    const add = await screen.findByRole('button', { name: 'Get the message to sign' });
    add.focus();
    fireEvent.click(add);

    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: /Ethereum address/,
        description: /This device is already registered/,
      }),
    ).toBe(address);
  });

  /**
   * Adds a device on the page opened at `url` (no browser wallet: the challenge is shown, signed
   * elsewhere and the signature pasted), and answers where the page went after.
   */
  async function addFrom(url: string) {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        sent.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
        if (path.endsWith('/challenges')) {
          return Response.json(
            { data: { uid: CHALLENGE, message: 'Sign me', expiresAt: '2026-11-29T06:00:00.000Z' } },
            { status: 201 },
          );
        }
        return Response.json(
          {
            data: {
              uid: '99999999-9999-4999-8999-999999999999',
              name: 'Ledger',
              ethAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
              verifiedAt: '2026-11-28T12:00:00.000Z',
              createdAt: '2026-11-28T12:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    await renderPage(<NewSigningDevicePage />, { url, path: '/settings/signing-devices/new', locale: 'en' });
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Ledger' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ethereum address/ }), {
      target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Get the message to sign' }));
    expect(await screen.findByRole('textbox', { name: /Message to sign/ })).toHaveProperty(
      'value',
      'Sign me',
    );
    const signature = screen.getByRole('textbox', { name: /Signature/ });
    // A signature of the wrong shape is refused on the page, sending nothing more.
    fireEvent.change(signature, { target: { value: '0x1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add signing device' }));
    expect(await screen.findByText('The signature is not a 65-byte hex signature')).toBeTruthy();
    expect(sent).toHaveLength(1);
    fireEvent.change(signature, { target: { value: SIGNED } });
    fireEvent.click(screen.getByRole('button', { name: 'Add signing device' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      path: '/api/v0/profile/signing-devices',
      body: {
        name: 'Ledger',
        ethAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        proof: { challengeUid: CHALLENGE, signature: SIGNED },
      },
    });
    // The probe is another element once the page is left: read anew each time.
    const location = () => screen.getByRole('status', { name: 'Location' }).textContent;
    await waitFor(() => expect(location()).not.toMatch(/^\/settings\/signing-devices\/new/));
    return location();
  }

  it('goes back to the page it was opened from (the wallet, to choose the new device), else to the list', async () => {
    expect(
      await addFrom(
        `/settings/signing-devices/new?returnTo=${encodeURIComponent('/org/acme/wallet/signing-device')}`,
      ),
    ).toBe('/org/acme/wallet/signing-device');
    cleanup();
    // Never another site: a crafted return is dropped.
    expect(await addFrom('/settings/signing-devices/new?returnTo=%2F%2Fevil.example')).toBe(
      '/settings/signing-devices',
    );
  });

  it('proves the key with the browser’s wallet: asks for a challenge, has the wallet sign it, sends the proof', async () => {
    const key = { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' };
    const SIGNATURE = `0x${'ab'.repeat(65)}`;
    const requests: { method: string; params?: unknown }[] = [];
    const provider = {
      async request({ method, params }: { method: string; params?: readonly unknown[] }) {
        requests.push({ method, params });
        if (method === 'eth_requestAccounts') return [key.address];
        if (method === 'personal_sign') return SIGNATURE;
        throw new Error(`unexpected ${method}`);
      },
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { uuid: 'w-1', name: 'Test Wallet', icon: '', rdns: 'test.wallet' }, provider },
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const body = JSON.parse(String(init?.body ?? '{}'));
        sent.push({ path, body });
        if (path.endsWith('/challenges')) {
          return Response.json(
            { data: { uid: CHALLENGE, message: 'Prove it', expiresAt: '2026-11-29T06:00:00.000Z' } },
            { status: 201 },
          );
        }
        return Response.json(
          {
            data: {
              uid: '55555555-5555-4555-8555-555555555555',
              name: body.name,
              ethAddress: body.ethAddress,
              verifiedAt: '2026-11-29T05:50:00.000Z',
              createdAt: '2026-11-29T05:50:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    try {
      await renderPage(<NewSigningDevicePage />, { locale: 'en' });
      const proveWith = await screen.findByRole<HTMLSelectElement>('combobox', {
        name: 'Prove the key with',
      });
      expect(proveWith.selectedOptions[0]?.textContent).toBe('Test Wallet');
      fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Browser' } });
      fireEvent.click(screen.getByRole('button', { name: 'Use an address from Test Wallet' }));
      const address = screen.getByRole('textbox', { name: /Ethereum address/ });
      await waitFor(() => expect(address).toHaveProperty('value', key.address));
      fireEvent.click(screen.getByRole('button', { name: 'Add signing device' }));

      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[0]).toEqual({
        path: '/api/v0/profile/signing-devices/challenges',
        body: { ethAddress: key.address },
      });
      // The wallet signs the challenge's exact text (UTF-8, hex-encoded) as the device's address.
      expect(requests).toEqual([
        { method: 'eth_requestAccounts', params: undefined },
        { method: 'personal_sign', params: ['0x50726f7665206974', key.address] },
      ]);
      expect(sent[1]).toEqual({
        path: '/api/v0/profile/signing-devices',
        body: {
          name: 'Browser',
          ethAddress: key.address,
          proof: { challengeUid: CHALLENGE, signature: SIGNATURE },
        },
      });
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });
});
