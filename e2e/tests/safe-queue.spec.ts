import {
  ZRegisteredWalletResponse,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { violationsInBothThemes } from '../support/axe';
import { injectBrowserWallet } from '../support/browser-wallet.mjs';
import { payFromExternalWallet, tokenBalance, units } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { api, organizationWithSafe } from '../support/safe';
import { budget } from '../support/time-budget';

/**
 * The Safe moves money: a transfer proposed to a registered wallet is confirmed by each owner from
 * their own session with their own signing device (an EIP-1193 wallet injected into the page, backed
 * by that owner's key: no extension, no network), then executed on chain by the relayer.
 */

test.describe('the Safe transaction queue', () => {
  test('two owners confirm from their own sessions; the relayer executes; the wallet receives exactly the amount', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(180_000));
    const { organization, editor, viewer, adminKey, editorKey, safe } = await organizationWithSafe(
      page,
      browser,
      baseURL,
    );

    // The Safe holds 100 USDC; a registered wallet to pay.
    await payFromExternalWallet('arbitrum-sepolia', 'USDC', safe, '100');
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    ZRegisteredWalletResponse.parse(
      await api(page, organization, 'POST', 'rails/blockchain-wallets', {
        network: 'arbitrum-sepolia',
        address: payee,
        name: 'Payroll',
      }),
    );

    // The Admin, with the Admin's key in the page's wallet, proposes the transfer with the form: its
    // page opens, saying in plain words what is signed.
    await injectBrowserWallet(page, { privateKey: adminKey });
    await page.goto(`/org/${organization.slug}/wallet`);
    await page.getByRole('link', { name: 'Send from the Safe' }).click();
    const form = page.getByRole('form', { name: 'Send from the Safe' });
    await expect(form).toContainText('From the organization’s Safe on Arbitrum Sepolia, local chain.');
    const violations = await violationsInBothThemes(page, 'send from the Safe');
    await form.getByRole('combobox', { name: 'Token' }).selectOption({ label: 'USDC' });
    await form.getByRole('textbox', { name: 'Amount' }).fill('12.34');
    // The only registered wallet on the Safe's network is chosen already.
    await expect(form.getByRole('combobox', { name: 'Recipient' }).locator('option:checked')).toHaveText(
      /^Payroll \(/,
    );
    await form.getByRole('button', { name: 'Propose transfer' }).click();
    const title = page.getByRole('heading', { level: 1, name: /^Send 12\.34 USDC to Payroll/ });
    await expect(title).toBeVisible();
    const safeTxHash = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const proposed = ZSafeTransactionResponse.parse(
      await api(page, organization, 'GET', `wallet/transactions/${safeTxHash}`),
    ).data;
    await expect(page.getByRole('region', { name: 'What you sign' })).toContainText(
      `Signing this transaction sends 12.34 USDC from the organization’s Safe to Payroll (${payee}), the organization’s registered wallet “Payroll”, on Arbitrum Sepolia, local chain. It uses the Safe’s nonce ${proposed.nonce}.`,
    );
    // The hashes to compare on a hardware wallet are the API's, whole.
    const hashes = page.getByRole('region', { name: 'Compare on your signing device' });
    for (const [label, value] of [
      ['Domain hash', proposed.domainHash],
      ['Message hash', proposed.messageHash],
      ['safeTxHash', proposed.safeTxHash],
    ] as const) {
      await expect(
        hashes.getByRole('definition').filter({ has: page.getByRole('button', { name: `Copy ${label}` }) }),
      ).toContainText(value);
    }
    const confirmations = page.getByRole('region', { name: 'Confirmations' });
    await expect(confirmations).toContainText('0 of 2 confirmations');
    await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Needs your signature');
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    // Scanned as opened from a link, without the "proposed" toast.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    violations.push(...(await violationsInBothThemes(page, 'transaction page')));
    expect(violations, violations.join('\n')).toEqual([]);

    // The Admin confirms from the page with their signing device.
    await page.getByRole('button', { name: 'Confirm with signing device' }).click();
    await expect(confirmations).toContainText('1 of 2 confirmations');
    await expect(confirmations).toContainText(new RegExp(privateKeyToAccount(adminKey).address, 'i'));
    await expect(page.getByRole('button', { name: 'Confirm with signing device' })).toHaveCount(0);

    // The queue says it awaits the Editor now, and links the transaction's page.
    await page.goto(`/org/${organization.slug}/wallet`);
    const queued = (member: Page) =>
      member
        .getByRole('article', { name: `Transaction at nonce ${proposed.nonce}` })
        .filter({ hasText: 'Send 12.34 USDC' });
    await expect(page.getByRole('region', { name: 'Awaiting others' })).toContainText(
      'Send 12.34 USDC to Payroll',
    );
    await expect(queued(page)).toContainText('1 of 2 confirmations');

    // The Viewer sees the queue and the page, with no control.
    await viewer.goto(`/org/${organization.slug}/wallet`);
    await expect(queued(viewer)).toContainText('Awaiting confirmations');
    await expect(viewer.getByRole('button', { name: 'Confirm with signing device' })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Send from the Safe' })).toHaveCount(0);
    await queued(viewer)
      .getByRole('link', { name: /^Send 12\.34 USDC to Payroll/ })
      .click();
    await expect(viewer.getByRole('region', { name: 'Confirmations' })).toContainText('1 of 2 confirmations');
    await expect(viewer.getByRole('region', { name: 'Actions' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /Confirm|Reject/ })).toHaveCount(0);

    // The Admin proposes the rejection of the nonce from the transfer's page: its own page opens.
    await page.goto(`/org/${organization.slug}/wallet/transactions/${proposed.safeTxHash}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('button', { name: 'Propose rejection' }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `Reject nonce ${proposed.nonce}: an empty transaction that uses it`,
      }),
    ).toBeVisible();
    const queue = ZSafeTransactionsResponse.parse(await api(page, organization, 'GET', 'wallet/transactions'))
      .data.queued;
    const rejection = queue.find((transaction) => transaction.kind === 'rejection');
    expect(rejection?.nonce).toBe(proposed.nonce);
    expect(page.url()).toContain(`/wallet/transactions/${rejection?.safeTxHash}`);
    await expect(page.getByRole('region', { name: 'What you sign' })).toContainText(
      `Signing this transaction rejects nonce ${proposed.nonce}`,
    );
    await expect(
      page.getByRole('alert', { name: `Nonce ${proposed.nonce} is used by more than one transaction` }),
    ).toContainText('Send 12.34 USDC to Payroll');
    // On the wallet page, the two are one conflict.
    await page.goto(`/org/${organization.slug}/wallet`);
    await expect(
      page.getByRole('group', { name: `Nonce ${proposed.nonce}: 2 conflicting transactions` }),
    ).toContainText('Reject nonce');

    // The Editor confirms from their own session: the relayer executes, and every page follows.
    await injectBrowserWallet(editor, { privateKey: editorKey });
    await editor.goto(`/org/${organization.slug}/wallet`);
    await queued(editor).getByRole('button', { name: 'Confirm with signing device' }).click();
    const history = (member: Page) => member.getByRole('table', { name: 'History' });
    await expect(history(editor)).toContainText('Executed', { timeout: budget(15_000) });
    await expect(history(page)).toContainText('Executed', { timeout: budget(15_000) });
    await expect(queued(page)).toHaveCount(0);
    // The rejection at the same nonce can never execute now: replaced.
    await expect(history(page)).toContainText('Replaced');
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', payee)).toBe(
      units('arbitrum-sepolia', 'USDC', '12.34'),
    );
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', safe)).toBe(
      units('arbitrum-sepolia', 'USDC', '87.66'),
    );
  });
});
