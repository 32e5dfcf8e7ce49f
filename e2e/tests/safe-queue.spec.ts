import { randomUUID } from 'node:crypto';
import {
  type TOrganization,
  ZMeResponse,
  ZRegisteredWalletResponse,
  ZSafeTransactionResponse,
  ZWalletResponse,
} from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { injectBrowserWallet } from '../support/browser-wallet';
import { payFromExternalWallet, tokenBalance, units } from '../support/chain';
import {
  createOrganizationThroughApi,
  expect,
  memberWithRole,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { addProvedSigningDevice, approveOrganizationThroughApi } from '../support/setup';
import { budget } from '../support/time-budget';

/**
 * The Safe moves money: a transfer proposed to a registered wallet is confirmed by each owner from
 * their own session with their own signing device (an EIP-1193 wallet injected into the page, backed
 * by that owner's key: no extension, no network), then executed on chain by the relayer.
 */
async function api(
  page: Page,
  organization: TOrganization,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await page.context().request.fetch(`/api/v0/${path}`, {
    method,
    headers: {
      'x-organization-uid': organization.uid,
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test.describe('the Safe transaction queue', () => {
  test('two owners confirm from their own sessions; the relayer executes; the wallet receives exactly the amount', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(120_000));
    const adminKey = generatePrivateKey();
    const editorKey = generatePrivateKey();
    await signInThroughApi(page, newEmail('owner'));
    const organization = await createOrganizationThroughApi(
      page,
      `Treasury ${suffix()}`,
      `treasury-${suffix()}`,
    );
    await approveOrganizationThroughApi(page, browser, baseURL, organization);
    const editorEmail = newEmail('editor');
    const editor = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      email: editorEmail,
    });
    const viewer = await memberWithRole(browser, baseURL, page, organization, 'Viewer');

    // Each owner's device proves its key; both sign for a 2 out of 2 Safe on the local Arbitrum Sepolia.
    const adminDevice = await addProvedSigningDevice(page, 'Admin key', privateKeyToAccount(adminKey));
    const editorDevice = await addProvedSigningDevice(editor, 'Editor key', privateKeyToAccount(editorKey));
    const uidOf = async (member: Page) =>
      ZMeResponse.parse(await (await member.context().request.get('/api/v0/me')).json()).data.uid;
    const editorUid = await uidOf(editor);
    const adminUid = await uidOf(page);
    for (const uid of [adminUid, editorUid])
      await api(page, organization, 'POST', 'wallet/signer/propose', { userUid: uid });
    const deviceUid = async (member: Page, address: string) =>
      (
        (await (await member.context().request.get('/api/v0/profile/signing-devices')).json()) as {
          data: { uid: string; ethAddress: string }[];
        }
      ).data.find((device) => device.ethAddress === address)?.uid;
    await api(page, organization, 'POST', 'wallet/signer/signing-device', {
      signingDeviceUid: await deviceUid(page, adminDevice),
    });
    await api(editor, organization, 'POST', 'wallet/signer/signing-device', {
      signingDeviceUid: await deviceUid(editor, editorDevice),
    });
    await api(page, organization, 'POST', 'wallet/deploy', { threshold: 2 });
    let safe = '';
    await expect
      .poll(
        async () => {
          const wallet = ZWalletResponse.parse(await api(page, organization, 'GET', 'wallet')).data;
          safe = wallet.address ?? '';
          return wallet.status;
        },
        { timeout: budget(30_000) },
      )
      .toBe('deployed');

    // The Safe holds 100 USDC; a registered wallet to pay.
    await payFromExternalWallet('arbitrum-sepolia', 'USDC', safe, '100');
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const wallet = ZRegisteredWalletResponse.parse(
      await api(page, organization, 'POST', 'rails/blockchain-wallets', {
        network: 'arbitrum-sepolia',
        address: payee,
        name: 'Payroll',
      }),
    ).data;
    const proposed = ZSafeTransactionResponse.parse(
      await api(page, organization, 'POST', 'wallet/transactions', {
        kind: 'transfer',
        symbol: 'USDC',
        amount: '12.34',
        walletUid: wallet.uid,
      }),
    ).data;

    // The Admin's page, with the Admin's key in its wallet: the transaction needs their signature.
    await injectBrowserWallet(page, { privateKey: adminKey });
    await page.goto(`/org/${organization.slug}/wallet`);
    const queued = (member: Page) =>
      member.getByRole('article', { name: `Transaction at nonce ${proposed.nonce}` });
    await expect(queued(page)).toContainText('Send 12.34 USDC to Payroll');
    await expect(queued(page)).toContainText(proposed.safeTxHash);
    await expect(queued(page)).toContainText('Needs your signature');
    await queued(page).getByRole('button', { name: 'Confirm with signing device' }).click();
    await expect(queued(page)).toContainText('1 of 2 confirmations');
    await expect(queued(page).getByRole('button', { name: 'Confirm with signing device' })).toHaveCount(0);

    // The Viewer sees the queue, with no control.
    await viewer.goto(`/org/${organization.slug}/wallet`);
    await expect(queued(viewer)).toContainText('Awaiting confirmations');
    await expect(viewer.getByRole('button', { name: 'Confirm with signing device' })).toHaveCount(0);

    // The Editor confirms from their own session: the relayer executes, and every page follows.
    await injectBrowserWallet(editor, { privateKey: editorKey });
    await editor.goto(`/org/${organization.slug}/wallet`);
    await queued(editor).getByRole('button', { name: 'Confirm with signing device' }).click();
    const history = (member: Page) => member.getByRole('table', { name: 'History' });
    await expect(history(editor)).toContainText('Executed', { timeout: budget(15_000) });
    await expect(history(page)).toContainText('Executed', { timeout: budget(15_000) });
    await expect(queued(page)).toHaveCount(0);
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', payee)).toBe(
      units('arbitrum-sepolia', 'USDC', '12.34'),
    );
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', safe)).toBe(
      units('arbitrum-sepolia', 'USDC', '87.66'),
    );
  });
});
