import type { Locator, Page } from '@playwright/test';
import { injectBrowserWallet } from '../support/browser-wallet.mjs';
import { payFromExternalWallet, tokenBalance, units } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { api, organizationWithSafe } from '../support/safe';
import { activeProviderAccountThroughApi } from '../support/setup';
import { budget } from '../support/time-budget';

/** Chooses the native select's option whose text matches: selectOption takes exact labels only. */
async function chooseMatching(select: Locator, text: RegExp) {
  const value = await select.locator('option').filter({ hasText: text }).getAttribute('value');
  await select.selectOption(value ?? '');
}

/**
 * An off-ramp paid from the organization's Safe: made on the off-ramp page ("Paid from" the Safe, as
 * it holds the amount), its payment proposed in the Safe's queue once Bitso names its deposit
 * address, confirmed by both owners from their own sessions, executed by the relayer; Bitso sees
 * the tokens arrive on chain and pays out.
 */
test.describe('an off-ramp paid from the Safe', () => {
  test('two owners confirm the payment; the Safe pays the deposit address exactly; the off-ramp moves on', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(150_000));
    const { organization, editor, adminKey, editorKey, safe } = await organizationWithSafe(
      page,
      browser,
      baseURL,
    );
    await activeProviderAccountThroughApi(page, organization, 'Bitso');
    await api(page, organization, 'POST', 'rails/bank-beneficiaries', {
      type: 'Clabe',
      name: 'Proveedor MX',
      bankAccountNumber: '002010077777777771',
    });
    await payFromExternalWallet('arbitrum-sepolia', 'USDC', safe, '100');

    // The off-ramp page: the Safe holds 100 USDC on Arbitrum Sepolia, so it pays by default.
    await injectBrowserWallet(page, { privateKey: adminKey });
    await page.goto(`/org/${organization.slug}/rails/off-ramp`);
    await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Bitso' });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'MXN' });
    await chooseMatching(page.getByRole('combobox', { name: 'Bank beneficiary' }), /^Proveedor MX \(/);
    await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Arbitrum Sepolia' });
    await page.getByRole('textbox', { name: /Amount/ }).fill('25');
    await expect(page.getByRole('combobox', { name: 'Paid from' }).locator('option:checked')).toHaveText(
      /^The organization’s Safe \(holds .*100.*\)$/,
    );
    await page.getByRole('button', { name: 'Get quote' }).click();
    await page.getByRole('region', { name: 'Quote' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');
    await expect(page.getByText(`The organization’s Safe (${safe})`)).toBeVisible();
    const address = (await page.getByLabel('Deposit address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const offRampUrl = page.url();

    // The payment waits in the Safe's queue: each owner confirms from their own session.
    await page.getByRole('link', { name: 'Its payment in the Safe’s queue' }).click();
    const queued = (member: Page) =>
      member.getByRole('article').filter({ hasText: 'Send 25.00 USDC to Bitso' });
    await expect(queued(page)).toContainText(`${address.slice(0, 6)}…${address.slice(-4)}`);
    await queued(page).getByRole('button', { name: 'Confirm with signing device' }).click();
    await expect(queued(page)).toContainText('1 of 2 confirmations');
    await injectBrowserWallet(editor, { privateKey: editorKey });
    await editor.goto(`/org/${organization.slug}/wallet`);
    await queued(editor).getByRole('button', { name: 'Confirm with signing device' }).click();
    await expect(page.getByRole('table', { name: 'History' })).toContainText('Executed', {
      timeout: budget(20_000),
    });

    // On chain: exactly the amount left the Safe for the deposit address.
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', safe)).toBe(
      units('arbitrum-sepolia', 'USDC', '75'),
    );
    expect(await tokenBalance('arbitrum-sepolia', 'USDC', address)).toBe(
      units('arbitrum-sepolia', 'USDC', '25'),
    );
    // Bitso saw the deposit: the off-ramp's page follows by itself.
    await page.goto(offRampUrl);
    await expect(page.getByRole('table', { name: 'Timeline' })).toContainText('Funds received', {
      timeout: budget(20_000),
    });
  });
});
