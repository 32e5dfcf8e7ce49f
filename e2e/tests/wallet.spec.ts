import type { Locator, Page } from '@playwright/test';
import { violationsInBothThemes } from '../support/axe';
import {
  createOrganizationThroughApi,
  expect,
  memberWithRole,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { addSigningDevice } from '../support/setup';
import { budget } from '../support/time-budget';

const ADDRESS = /0x[0-9a-fA-F]{40}/;

/** From the wallet page, through Add Signer, back to the wallet page. */
async function proposeSigner(admin: Page, slug: string, email: string) {
  await admin.getByRole('link', { name: 'Add Signer' }).click();
  await expect(admin.getByRole('heading', { name: 'Add Wallet Signer' })).toBeVisible();
  const user = admin.getByRole('combobox', { name: 'Organization user' });
  // The user's option is "Name (e-mail)": chosen by its value, found through the e-mail in its words.
  await user.selectOption((await user.locator('option', { hasText: email }).getAttribute('value')) ?? '');
  await admin.getByRole('button', { name: 'Add Signer' }).click();
  await expect(admin).toHaveURL(new RegExp(`/org/${slug}/wallet$`));
  await expect(signerRow(admin, email)).toContainText('Pending');
}

/** From the wallet page, the signer sets their device in their own session, through the card only they see. */
async function setSigningDevice(signer: Page, slug: string, email: string, deviceAddress: string) {
  const card = signer.getByRole('region', { name: 'Provide Signing Device' });
  await card.getByRole('link', { name: 'Set Signing Device' }).click();
  await expect(signer.getByRole('heading', { name: 'Set Signing Device' })).toBeVisible();
  // Their only device is already chosen.
  await expect(signer.getByRole('combobox', { name: 'Signing device' }).locator('option:checked')).toHaveText(
    /Device of/,
  );
  await signer.getByRole('button', { name: 'Set Signing Device' }).click();
  await expect(signer).toHaveURL(new RegExp(`/org/${slug}/wallet$`));
  await expect(card).toHaveCount(0);
  await expect(signerRow(signer, email)).toContainText('Ready');
  await expect(signerRow(signer, email)).toContainText(new RegExp(deviceAddress, 'i'));
}

function signerRow(page: Page, email: string): Locator {
  return page.getByRole('table', { name: 'Signers' }).getByRole('row', { name: new RegExp(email) });
}

async function addressIn(group: Locator): Promise<string> {
  const text = (await group.textContent()) ?? '';
  const address = text.match(ADDRESS)?.[0];
  if (!address) throw new Error(`no address in "${text}"`);
  return address;
}

test.describe('multi-signature wallet', () => {
  test('an Admin proposes two signers, each sets a device, the Admin deploys 2 out of 2 on the dev chain; a Viewer only looks', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(60_000));
    const adminEmail = newEmail('admin');
    const memberEmail = newEmail('member');
    const viewerEmail = newEmail('viewer');
    await signInThroughApi(page, adminEmail);
    const organization = await createOrganizationThroughApi(page, `Vault ${suffix()}`, `vault-${suffix()}`);
    const { slug } = organization;
    const member = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      email: memberEmail,
    });
    const viewer = await memberWithRole(browser, baseURL, page, organization, 'Viewer', {
      email: viewerEmail,
    });

    await page.goto(`/org/${slug}/wallet`);
    await expect(page.getByRole('heading', { name: 'Initialize Wallet' })).toBeVisible();
    await expect(page.getByText('No signer found.')).toBeVisible();
    // Whole on a phone too (the signers' table scrolls sideways there).
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('No signer found.')).toBeInViewport({ ratio: 1 });
    if (desktop) await page.setViewportSize(desktop);
    await expect(page.getByRole('button', { name: 'Deploy Wallet' })).toBeDisabled();
    await expect(page.getByText('Add at least one signer before deploying the wallet.')).toBeVisible();

    await proposeSigner(page, slug, adminEmail);
    await proposeSigner(page, slug, memberEmail);
    // A proposed signer can be withdrawn before deployment.
    await proposeSigner(page, slug, viewerEmail);
    await page.getByRole('button', { name: `Remove signer ${viewerEmail}` }).click();
    await page.getByRole('button', { name: `Confirm removing ${viewerEmail}` }).click();
    await expect(signerRow(page, viewerEmail)).toHaveCount(0);
    await expect(signerRow(page, memberEmail)).toContainText('Pending');
    await expect(
      page.getByText(/Every signer must set a signing device before the wallet is deployed/),
    ).toBeVisible();

    // The card shows only for a signer without a device: the member sees it, the Viewer (no signer) does not.
    await member.goto(`/org/${slug}/wallet`);
    await expect(member.getByRole('region', { name: 'Provide Signing Device' })).toBeVisible();
    await viewer.goto(`/org/${slug}/wallet`);
    await expect(signerRow(viewer, memberEmail)).toContainText('Pending');
    await expect(viewer.getByRole('region', { name: 'Provide Signing Device' })).toHaveCount(0);

    const adminDevice = await addSigningDevice(page, 'Device of admin');
    const memberDevice = await addSigningDevice(member, 'Device of member');
    await setSigningDevice(page, slug, adminEmail, adminDevice);
    await setSigningDevice(member, slug, memberEmail, memberDevice);

    // The Viewer sees both signers Ready, and no control at all.
    await viewer.reload();
    await expect(signerRow(viewer, adminEmail)).toContainText('Ready');
    await expect(signerRow(viewer, memberEmail)).toContainText('Ready');
    await expect(viewer.getByRole('link', { name: 'Add Signer' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Deploy Wallet' })).toHaveCount(0);
    await expect(viewer.getByRole('combobox', { name: 'Wallet signer quorum' })).toHaveCount(0);
    await expect(viewer.getByText('Only Admins can manage the wallet.')).toBeVisible();

    // The Admin picks 2 out of 2: Safe{Wallet}'s n-of-n warning, and the address that quorum gets.
    await page.reload();
    await expect(signerRow(page, memberEmail)).toContainText('Ready');
    const quorum = page.getByRole('combobox', { name: 'Wallet signer quorum' });
    await expect(quorum.locator('option')).toHaveText(['1 out of 2', '2 out of 2']);
    await quorum.selectOption({ label: '1 out of 2' });
    await expect(page.getByText('1 out of 2 policy')).toBeVisible();
    await quorum.selectOption({ label: '2 out of 2' });
    await expect(page.getByText('2 out of 2 policy')).toBeVisible();
    await expect(page.getByText('1 out of 2 policy')).toHaveCount(0);
    const predictedGroup = page.getByRole('group', { name: 'Predicted address' });
    await expect(predictedGroup).toContainText('Arbitrum Sepolia (local)');
    const predicted = await addressIn(predictedGroup);

    const clicked = Date.now();
    await page.getByRole('button', { name: 'Deploy Wallet' }).click();
    // Deploying is final: it asks first, with the quorum chosen.
    await expect(page.getByText(/^Deploy the wallet with a quorum of 2 out of 2\?/)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm deployment' }).click();
    // The deploying view lasts as long as the chain takes (well under a second when it is quick):
    // its heading, its words and the predicted address are checked in one reading of the page.
    const deploying = page
      .getByRole('main')
      .filter({ has: page.getByRole('heading', { name: 'Wallet Deploying' }) })
      .filter({ has: page.getByRole('group', { name: 'Predicted address' }).filter({ hasText: predicted }) });
    await expect(deploying).toContainText(/If it takes more than 10 minutes, please contact support\./);

    await expect(page.getByRole('heading', { name: 'Your Wallet is Ready' })).toBeVisible({
      timeout: budget(30_000),
    });
    const readyAfterMs = Date.now() - clicked;
    test.info().annotations.push({ type: 'deploy-to-ready-ms', description: String(readyAfterMs) });
    console.log(`Deploy Wallet → "Your Wallet is Ready": ${readyAfterMs} ms`);
    const deployedGroup = page.getByRole('group', { name: 'Wallet address' });
    expect(await addressIn(deployedGroup)).toBe(predicted);
    await expect(
      page.getByText(/local dev chain \(chain id \d+\): there is no external viewer/),
    ).toBeVisible();
    await expect(page.getByText('2 out of 2')).toBeVisible();
    await expect(page.getByText(/Deployment transaction 0x[0-9a-f]{64}/)).toBeVisible();

    // The Admin deploys it on the second dev chain: the same Safe, at the same address.
    const networks = page.getByRole('region', { name: 'Networks' });
    await networks.getByRole('button', { name: 'Deploy on Polygon Amoy (local)' }).click();
    const amoy = networks.getByRole('row', { name: /Polygon Amoy \(local\)/ });
    await expect(amoy).toContainText('Deployed', { timeout: budget(30_000) });
    await expect(amoy).toContainText(predicted);
    await expect(networks.getByRole('row', { name: /Arbitrum Sepolia \(local\)/ })).toContainText(predicted);
    const violations = await violationsInBothThemes(page, 'deployed wallet on two networks');
    expect(violations, violations.join('\n')).toEqual([]);

    // The Viewer sees the deployed wallet, its address and signers, and still no control.
    await viewer.reload();
    await expect(viewer.getByRole('heading', { name: 'Your Wallet is Ready' })).toBeVisible();
    expect(await addressIn(viewer.getByRole('group', { name: 'Wallet address' }))).toBe(predicted);
    await expect(signerRow(viewer, memberEmail)).toContainText('Ready');
    await expect(
      viewer.getByRole('main').getByRole('button', { name: /Retry|Deploy|Remove|Signer/ }),
    ).toHaveCount(0);

    await member.context().close();
    await viewer.context().close();
  });
});
