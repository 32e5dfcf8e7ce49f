import { ZOrganizationUsersResponse } from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { violationsInBothThemes } from '../support/axe';
import { injectBrowserWallet } from '../support/browser-wallet.mjs';
import { payFromExternalWallet } from '../support/chain';
import {
  createOrganizationThroughApi,
  expect,
  memberWithRole,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { chooseWithKeys, expectFocusRing, hasFocus, tabTo, toast } from '../support/keyboard';
import { api, organizationWithSafe } from '../support/safe';
import {
  activeProviderAccountThroughApi,
  addSigningDevice,
  approveOrganizationThroughApi,
} from '../support/setup';
import { budget } from '../support/time-budget';

/**
 * The money and wallet flows of the e2e suite done with the keyboard alone (see keyboard.spec.ts):
 * Tab moves focus with a visible ring at every stop, Enter/Space act, arrows choose. No clicks, no
 * fill(). Every test works in organizations and users of its own; setup that is not the flow itself
 * goes through the API.
 */

const ADDRESS = /0x[0-9a-fA-F]{40}/;

/** The Escape key closes the dialog, and focus is back on what opened it, with its ring. */
async function closeDialogWithEscape(page: Page, dialogName: string, opener: ReturnType<Page['getByRole']>) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: dialogName })).toBeHidden();
  await expect.poll(() => hasFocus(opener)).toBe(true);
  await expectFocusRing(page);
}

test.describe('the keyboard alone, money and wallet', () => {
  test('an Admin sets the approval threshold, adds a Pix key and asks for an off-ramp above it; a second member approves it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(90_000));
    const adminEmail = newEmail('keys-treasurer');
    await signInThroughApi(page, adminEmail);
    const organization = await createOrganizationThroughApi(
      page,
      `Keys Ramp ${suffix()}`,
      `keys-ramp-${suffix()}`,
    );
    const { slug } = organization;
    await approveOrganizationThroughApi(page, browser, baseURL, organization);
    await activeProviderAccountThroughApi(page, organization, 'Transfero');
    const approverEmail = newEmail('keys-approver');
    const approver = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      email: approverEmail,
    });

    // Settings > General: the threshold.
    await page.goto(`/org/${slug}/settings`);
    const approvals = page.getByRole('form', { name: 'Off-ramp approvals' });
    await tabTo(page, approvals.getByRole('textbox', { name: 'Approval threshold (stablecoin amount)' }));
    await page.keyboard.type('100');
    await tabTo(page, approvals.getByRole('button', { name: 'Save approval threshold' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Approval threshold saved')).toBeVisible();
    await expect(
      approvals.getByText("Off-ramps above 100.00 need a second member's approval."),
    ).toBeVisible();

    // A Pix key beneficiary (e-mail kind) through its dialog; closing it gives focus back to the opener.
    await page.goto(`/org/${slug}/rails/bank-beneficiaries`);
    const opener = page.getByRole('button', { name: 'Add beneficiary' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a bank beneficiary' });
    await expect(dialog).toBeVisible();
    await closeDialogWithEscape(page, 'Add a bank beneficiary', opener);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // The type is a radio group: Tab reaches the chosen one (CLABE), the arrow moves to the next.
    await tabTo(page, dialog.getByRole('radiogroup', { name: 'Beneficiary type' }));
    await expect(dialog.getByRole('radio', { name: 'CLABE (Mexico)' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Pix key (Brazil)' })).toBeChecked();
    const beneficiary = `Pix keys ${suffix()}`;
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(beneficiary);
    await tabTo(page, dialog.getByRole('combobox', { name: 'Key type' }));
    await chooseWithKeys(page, 'E-mail');
    const pixKey = `keys.${suffix()}@example.com`;
    await tabTo(page, dialog.getByRole('textbox', { name: 'Pix key' }));
    await page.keyboard.type(pixKey);
    await tabTo(page, dialog.getByRole('button', { name: 'Add beneficiary' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${beneficiary} added`)).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Bank beneficiaries' })
        .getByRole('row', { name: new RegExp(beneficiary) }),
    ).toContainText(pixKey);

    // The off-ramp: provider, beneficiary, network, amount; quote; confirm.
    await page.goto(`/org/${slug}/rails/off-ramp`);
    await tabTo(page, page.getByRole('combobox', { name: 'Provider' }));
    await chooseWithKeys(page, 'Transfero');
    await tabTo(page, page.getByRole('combobox', { name: 'Bank beneficiary' }));
    // Offered with the account it pays (the Pix key typed above).
    await chooseWithKeys(page, new RegExp(`^${beneficiary} \\(`));
    await tabTo(page, page.getByRole('combobox', { name: 'Network' }));
    await chooseWithKeys(page, 'Polygon Amoy');
    await tabTo(page, page.getByRole('textbox', { name: /Amount/ }));
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    const quote = page.getByRole('region', { name: 'Quote' });
    await tabTo(page, quote.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/rails/transactions/[0-9a-f-]{36}$`));
    await expect(page.getByLabel('Status')).toHaveText('Awaiting approval');
    await expect(page.getByText('Waiting for a second member', { exact: true })).toBeVisible();
    // The creator cannot approve their own transfer.
    await expect(page.getByRole('button', { name: 'Approve transfer' })).toHaveCount(0);
    const transferPath = new URL(page.url()).pathname;

    // The second member: from what waits for them on the overview to the transfer, and approves.
    await approver.goto(`/org/${slug}`);
    await tabTo(approver, approver.getByRole('link', { name: '1 transfer waits for your approval' }));
    await approver.keyboard.press('Enter');
    await expect(approver).toHaveURL(/waitingFor=me/);
    await expect(approver.getByRole('button', { name: 'Waiting for my approval' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await tabTo(
      approver,
      approver.getByRole('table', { name: 'Transactions' }).locator(`a[href$="${transferPath}"]`),
    );
    await approver.keyboard.press('Enter');
    await expect(approver).toHaveURL(new RegExp(`${transferPath}$`));
    await tabTo(approver, approver.getByRole('button', { name: 'Approve transfer' }));
    await approver.keyboard.press('Enter');
    await expect(approver.getByLabel('Status')).toHaveText('Awaiting funds');
    await expect(approver.getByLabel('Deposit address')).toContainText(ADDRESS);
    await approver.context().close();
    // The creator's page moves on by itself.
    await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');
  });

  test('two signers choose their signing device and the Admin deploys 2 out of 2 on the dev chain', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(90_000));
    const adminEmail = newEmail('keys-safe-admin');
    const memberEmail = newEmail('keys-safe-member');
    const withdrawnEmail = newEmail('keys-safe-withdrawn');
    await signInThroughApi(page, adminEmail);
    const organization = await createOrganizationThroughApi(
      page,
      `Keys Safe ${suffix()}`,
      `keys-safe-${suffix()}`,
    );
    const { slug } = organization;
    const member = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      email: memberEmail,
    });
    await (await memberWithRole(browser, baseURL, page, organization, 'Viewer', { email: withdrawnEmail }))
      .context()
      .close();
    const headers = { 'x-organization-uid': organization.uid };
    const users = ZOrganizationUsersResponse.parse(
      await (await page.context().request.get('/api/v0/organization/users', { headers })).json(),
    ).data;
    for (const email of [adminEmail, memberEmail, withdrawnEmail]) {
      const user = users.find((candidate) => candidate.email === email);
      const proposed = await page.context().request.post('/api/v0/wallet/signer/propose', {
        headers,
        data: { userUid: user?.uid },
      });
      expect(proposed.ok()).toBe(true);
    }

    // The Admin withdraws a proposed signer: Remove asks to confirm, and focus moves to the question
    // (Cancel gives it back to Remove); the second Enter removes.
    await page.goto(`/org/${slug}/wallet`);
    const signers = page.getByRole('table', { name: 'Signers' });
    const remove = signers.getByRole('button', { name: `Remove signer ${withdrawnEmail}` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = signers.getByRole('button', { name: `Confirm removing ${withdrawnEmail}` });
    await expect(confirm).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('Tab');
    await expect(signers.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(remove).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, `${withdrawnEmail} is no longer a proposed signer`)).toBeVisible();
    await expect(signers.getByRole('row', { name: new RegExp(withdrawnEmail) })).toHaveCount(0);

    // Each signer has two devices and chooses the second with the arrows.
    for (const [signer, email] of [
      [page, adminEmail],
      [member, memberEmail],
    ] as const) {
      await addSigningDevice(signer, 'Keys spare');
      const chosen = await addSigningDevice(signer, 'Keys ledger');
      await signer.goto(`/org/${slug}/wallet`);
      const card = signer.getByRole('region', { name: 'Provide Signing Device' });
      await tabTo(signer, card.getByRole('link', { name: 'Set Signing Device' }));
      await signer.keyboard.press('Enter');
      await expect(signer.getByRole('heading', { name: 'Set Signing Device' })).toBeVisible();
      await tabTo(signer, signer.getByRole('combobox', { name: 'Signing device' }));
      await chooseWithKeys(signer, /^Keys ledger/);
      await tabTo(signer, signer.getByRole('button', { name: 'Set Signing Device' }));
      await signer.keyboard.press('Enter');
      await expect(signer).toHaveURL(new RegExp(`/org/${slug}/wallet$`));
      await expect(toast(signer, 'Keys ledger now signs for the wallet')).toBeVisible();
      const row = signer
        .getByRole('table', { name: 'Signers' })
        .getByRole('row', { name: new RegExp(email) });
      await expect(row).toContainText('Ready');
      await expect(row).toContainText(new RegExp(chosen, 'i'));
    }
    await member.context().close();

    await page.reload();
    const quorum = page.getByRole('combobox', { name: 'Wallet signer quorum' });
    await tabTo(page, quorum);
    await chooseWithKeys(page, '2 out of 2');
    await expect(quorum.locator('option:checked')).toHaveText('2 out of 2');
    await expect(page.getByText('2 out of 2 policy')).toBeVisible();
    const predictedGroup = page.getByRole('group', { name: 'Predicted address' });
    await expect(predictedGroup).toContainText(ADDRESS);
    const predicted = ((await predictedGroup.textContent()) ?? '').match(ADDRESS)?.[0] ?? '';
    await tabTo(page, page.getByRole('button', { name: 'Deploy Wallet' }));
    await page.keyboard.press('Enter');
    // It asks first; the keyboard is on Confirm deployment.
    await expect(page.getByRole('button', { name: 'Confirm deployment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your Wallet is Ready' })).toBeVisible({
      timeout: budget(30_000),
    });
    await expect(page.getByRole('group', { name: 'Wallet address' })).toContainText(predicted);
    await expect(page.getByText(/Deployment transaction 0x[0-9a-f]{64}/)).toBeVisible();
  });

  test('an owner proposes with Send from the Safe, opens it from the queue and confirms with the signing device', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(120_000));
    const { organization, adminKey, safe } = await organizationWithSafe(page, browser, baseURL);
    await payFromExternalWallet('arbitrum-sepolia', 'USDC', safe, '10');
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    await api(page, organization, 'POST', 'rails/blockchain-wallets', {
      network: 'arbitrum-sepolia',
      address: payee,
      name: 'Keys payee',
    });
    await injectBrowserWallet(page, { privateKey: adminKey });

    // Send from the Safe: the token by the arrows, the amount typed, the only recipient chosen already.
    await page.goto(`/org/${organization.slug}/wallet`);
    await tabTo(page, page.getByRole('link', { name: 'Send from the Safe' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Send from the Safe' });
    await tabTo(page, form.getByRole('combobox', { name: 'Token' }));
    await chooseWithKeys(page, 'USDC');
    await tabTo(page, form.getByRole('textbox', { name: 'Amount' }));
    await page.keyboard.type('1.50');
    await expect(form.getByRole('combobox', { name: 'Recipient' }).locator('option:checked')).toHaveText(
      /^Keys payee \(/,
    );
    await tabTo(page, form.getByRole('button', { name: 'Propose transfer' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Send 1\.50 USDC to Keys payee/ }),
    ).toBeVisible();

    // The queue (scanned in both themes with a transaction in it) -> its page -> Confirm.
    await page.goto(`/org/${organization.slug}/wallet`);
    const link = page.getByRole('link', { name: /^Send 1\.50 USDC to Keys payee/ });
    await expect(link).toBeVisible();
    const violations = await violationsInBothThemes(page, 'wallet queue');
    expect(violations, violations.join('\n')).toEqual([]);
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const confirmations = page.getByRole('region', { name: 'Confirmations' });
    await expect(confirmations).toContainText('0 of 2 confirmations');
    await tabTo(page, page.getByRole('button', { name: 'Confirm with signing device' }));
    await page.keyboard.press('Enter');
    await expect(confirmations).toContainText('1 of 2 confirmations');
    await expect(page.getByRole('button', { name: 'Confirm with signing device' })).toHaveCount(0);
  });

  test('the About dialog opens from the account menu and gives focus back to the menu button', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('keys-about'));
    await createOrganizationThroughApi(page, `Keys About ${suffix()}`, `keys-about-${suffix()}`);
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    const about = page.getByRole('menuitem', { name: 'About' });
    await expect(about).toBeVisible();
    for (let step = 0; step < 20 && !(await hasFocus(about)); step += 1)
      await page.keyboard.press('ArrowDown');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'About Dash' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^Shell \d+\.\d+\.\d+/ })).toBeVisible();
    await expect.poll(() => hasFocus(dialog)).toBe(true);
    await closeDialogWithEscape(page, 'About Dash', menu);
  });
});
