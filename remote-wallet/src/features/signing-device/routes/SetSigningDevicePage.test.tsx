import type { TSigningDevice, TWallet, TWalletSigner } from '@dash/shared/api';
import { USER as ME, renderPage, stubScrollIntoViewInEachTest } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { LEDGER, TREZOR } from '../../../test/devices';
import SetSigningDevicePage from './SetSigningDevicePage';

const BRUNO = '22222222-2222-4222-8222-222222222222';
const DEV_CHAIN = { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true } as const;

const ready = (uid: string, firstName: string, device: TSigningDevice): TWalletSigner => ({
  uid,
  firstName,
  lastName: 'Test',
  ethAddress: device.ethAddress,
  signingDeviceUid: device.uid,
  status: 'Ready',
});

/** Answers GET wallet, GET profile/signing-devices and POST wallet/signer/signing-device; returns the POST bodies. */
function serve(wallet: TWallet, setDevice: () => Response = () => Response.json({ data: wallet })) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/wallet/signer/signing-device')) {
        posted.push(JSON.parse(String(init?.body)));
        return setDevice();
      }
      if (String(url).endsWith('/profile/signing-devices')) return Response.json({ data: [LEDGER, TREZOR] });
      return Response.json({ data: wallet });
    }),
  );
  return posted;
}

configure({ asyncUtilTimeout: 5000 });
// The device list's dropdown scrolls its chosen option into view (jsdom does not).
stubScrollIntoViewInEachTest();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Set Signing Device page', () => {
  it('lets a signer who set a device choose another before deployment, starting on the current one', async () => {
    const wallet: TWallet = {
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [ready(ME.uid, 'Ana', LEDGER), ready(BRUNO, 'Bruno', TREZOR)],
    };
    const posted = serve(wallet);
    renderPage(<SetSigningDevicePage />, { role: 'Viewer', url: '/org/acme/wallet/signing-device' });
    const form = await screen.findByRole('form', { name: 'Set signing device' });
    const device = within(form).getByRole<HTMLSelectElement>('combobox', { name: /Signing device/ });
    expect(device.selectedOptions[0]?.textContent).toBe('Ledger (0x5aAe…eAed)');
    // A device of another address may be needed: the way to add one is on the page, and it comes back here.
    expect(screen.getByRole('link', { name: 'Add another signing device' }).getAttribute('href')).toBe(
      `/settings/signing-devices/new?returnTo=${encodeURIComponent('/org/acme/wallet/signing-device')}`,
    );

    fireEvent.change(device, {
      target: { value: within(device).getByRole<HTMLOptionElement>('option', { name: /Trezor/ }).value },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Set Signing Device' }));
    await waitFor(() => expect(posted).toEqual([{ signingDeviceUid: TREZOR.uid }]));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/org/acme/wallet'),
    );
  });

  it('offers no form once deployment is requested, saying why', async () => {
    serve({
      status: 'deploying',
      chain: DEV_CHAIN,
      address: LEDGER.ethAddress,
      threshold: 1,
      signers: [ready(ME.uid, 'Ana', LEDGER)],
    });
    renderPage(<SetSigningDevicePage />, { role: 'Viewer' });
    expect(
      await screen.findByText('The wallet deployment was requested: signers can no longer change.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set signing device' })).toBeNull();
  });
});
