import type { Page } from '@playwright/test';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { injectBrowserWallet } from '../support/browser-wallet.mjs';
import {
  createOrganizationThroughApi,
  expect,
  mailTo,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';

const LAST_ADMIN = 'You are the last Admin: make someone else Admin first.';
// The EIP-55 reference vector, and the same address with one letter's case flipped.
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

function roleSelect(page: Page, label: string) {
  return page.getByRole('combobox', { name: label, exact: true });
}

async function chooseRole(page: Page, label: string, role: string) {
  await roleSelect(page, label).selectOption({ label: role });
}

test.describe('organization settings, members and invitations', () => {
  test('an Admin invites a second user, who accepts from the mail; made Viewer, they lose every admin control', async ({
    page,
    browser,
    baseURL,
  }) => {
    const adminEmail = newEmail('admin');
    const memberEmail = newEmail('member');
    const name = `Team ${suffix()}`;
    await signInThroughApi(page, adminEmail);
    const organization = await createOrganizationThroughApi(page, name, `team-${suffix()}`);

    // The Admin invites from the page a new organization lands on.
    await page.goto(`/org/${organization.slug}/invite`);
    await page.getByLabel('Email').fill(`  ${memberEmail.toUpperCase()} `);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await expect(pending.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Editor');

    // The second user signs in in their own browser and follows the link in the invitation mail.
    const memberContext = await browser.newContext({ baseURL });
    const member = await memberContext.newPage();
    const invitation = await mailTo(
      memberContext.request,
      memberEmail,
      new RegExp(`You're invited to ${name}`),
    );
    await signInThroughApi(member, memberEmail);
    await member.goto(invitation.links[0] ?? '');
    await expect(member).toHaveURL(/\/settings\/invites$/);
    await member.getByRole('button', { name: `Accept invitation to ${name}` }).click();
    await expect(toast(member, `You joined ${name} as Editor`)).toBeVisible();
    await member.getByRole('button', { name: 'Switch organization' }).click();
    await expect(member.getByRole('menuitem', { name: new RegExp(name) })).toContainText('Editor');
    await member.keyboard.press('Escape');

    // The invitation is used: it left the Admin's pending list.
    await page.reload();
    await expect(page.getByText('No pending invitations.')).toBeVisible();

    // The Admin makes them Viewer.
    await page.goto(`/org/${organization.slug}/settings?tab=members`);
    await chooseRole(page, `Role of ${memberEmail}`, 'Viewer');
    await expect(toast(page, `${memberEmail} is now Viewer`)).toBeVisible();
    await expect(roleSelect(page, `Role of ${memberEmail}`)).toHaveValue('Viewer');

    // The Viewer sees the members, and no admin control anywhere.
    await member.goto(`/org/${organization.slug}/settings?tab=members`);
    const members = member.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Viewer');
    await expect(members.getByRole('row', { name: new RegExp(adminEmail) })).toContainText('Admin');
    await expect(member.getByRole('combobox', { name: /^Role of/ })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(member.getByRole('link', { name: 'Invite people' })).toHaveCount(0);

    await member.getByRole('tab', { name: 'General' }).click();
    await expect(member.getByText('Only Admins can change the organization settings.')).toBeVisible();
    await expect(member.getByRole('form', { name: 'Organization details' })).toHaveCount(0);
    await expect(member.getByLabel('Organization name')).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Upload avatar' })).toHaveCount(0);

    await member.getByRole('tab', { name: 'Danger zone' }).click();
    await expect(member.getByRole('button', { name: 'Leave organization' })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Delete organization' })).toHaveCount(0);

    await member.goto(`/org/${organization.slug}/invite`);
    await expect(member.getByText('Only Admins can invite people')).toBeVisible();
    await expect(member.getByRole('form', { name: 'Invite people' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

    // And the server refuses the admin calls, whatever the UI shows.
    const api = memberContext.request;
    const headers = { 'x-organization-uid': organization.uid };
    const users = (await (await api.get('/api/v0/organization/users', { headers })).json()) as {
      data: { uid: string; email: string }[];
    };
    const adminUid = users.data.find((user) => user.email === adminEmail)?.uid;
    const refused = [
      await api.patch('/api/v0/organization', { headers, data: { name: 'Hijacked' } }),
      await api.patch(`/api/v0/organization/users/${adminUid}`, { headers, data: { role: 'Viewer' } }),
      await api.delete(`/api/v0/organization/users/${adminUid}`, { headers }),
      await api.post('/api/v0/organization/invitations', {
        headers,
        data: { email: newEmail(), role: 'Admin' },
      }),
      await api.get('/api/v0/organization/invitations', { headers }),
      await api.delete('/api/v0/organization', { headers, data: { slug: organization.slug } }),
    ];
    expect(refused.map((response) => response.status())).toEqual([403, 403, 403, 403, 403, 403]);
    await memberContext.close();
  });

  test('changing the slug moves the settings to the new URL; a taken or bad slug is explained under the field', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('renamer'));
    const taken = await createOrganizationThroughApi(page, 'Taken Co', `taken-${suffix()}`);
    const organization = await createOrganizationThroughApi(page, 'Old Name', `old-${suffix()}`);
    await page.goto(`/org/${organization.slug}/settings`);
    const slug = page.getByLabel('Slug');

    await slug.fill('-Bad-');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText(
        'Organization slug must contain only lowercase letters, numbers, and hyphens, and cannot start or end with a hyphen',
      ),
    ).toBeVisible();
    await expect(slug).toHaveAttribute('aria-invalid', 'true');

    await slug.fill(taken.slug);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('This slug is already taken')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/org/${organization.slug}/settings$`));

    const newSlug = `new-${suffix()}`;
    await page.getByLabel('Organization name').fill('New Name');
    await slug.fill(newSlug);
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(new RegExp(`/org/${newSlug}/settings$`));
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByLabel('Slug')).toHaveValue(newSlug);
    await expect(page.getByRole('button', { name: 'Switch organization' })).toContainText('New Name');
    await page.reload();
    await expect(page.getByLabel('Organization name')).toHaveValue('New Name');
  });

  test('the last Admin can neither leave nor be demoted, and is told why', async ({ page }) => {
    const email = newEmail('alone');
    await signInThroughApi(page, email);
    const organization = await createOrganizationThroughApi(page, 'Solo Co', `solo-${suffix()}`);

    await page.goto(`/org/${organization.slug}/settings?tab=danger-zone`);
    await page.getByRole('button', { name: 'Leave organization' }).click();
    await page.getByRole('button', { name: 'Yes, leave Solo Co' }).click();
    await expect(toast(page, 'Failed to leave organization. Please try again later.')).toContainText(
      LAST_ADMIN,
    );
    await expect(page).toHaveURL(new RegExp(`/org/${organization.slug}/settings`));

    await page.getByRole('tab', { name: 'Members' }).click();
    await chooseRole(page, `Role of ${email}`, 'Editor');
    await expect(toast(page, 'Failed to update organization member. Please try again later.')).toContainText(
      LAST_ADMIN,
    );
    await expect(roleSelect(page, `Role of ${email}`)).toHaveValue('Admin');
    // Removing yourself is leaving: the same refusal.
    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await page.getByRole('button', { name: `Confirm removing ${email}` }).click();
    await expect(toast(page, 'Failed to leave organization. Please try again later.').last()).toContainText(
      LAST_ADMIN,
    );
    await expect(page).toHaveURL(new RegExp(`/org/${organization.slug}/settings`));
  });

  test('an Admin deletes the organization by typing its slug and lands on the next one', async ({ page }) => {
    await signInThroughApi(page, newEmail('deleter'));
    const keep = await createOrganizationThroughApi(page, 'Keep Co', `keep-${suffix()}`);
    const doomed = await createOrganizationThroughApi(page, 'Doomed Co', `doomed-${suffix()}`);
    await page.goto(`/org/${doomed.slug}/settings?tab=danger-zone`);

    const remove = page.getByRole('button', { name: 'Delete organization' });
    await expect(remove).toBeDisabled();
    await page.getByLabel('Organization slug').fill('not-the-slug');
    await expect(remove).toBeDisabled();
    await page.getByLabel('Organization slug').fill(doomed.slug);
    await remove.click();

    await expect(page).toHaveURL(new RegExp(`/org/${keep.slug}$`));
    await page.getByRole('button', { name: 'Switch organization' }).click();
    await expect(page.getByRole('menuitem', { name: /Doomed Co/ })).toHaveCount(0);
  });
});

/** Asks for the challenge, signs it with `key` (as a hardware wallet would, off the page) and adds the device. */
async function signElsewhere(page: Page, key: Pick<PrivateKeyAccount, 'signMessage'>) {
  await page.getByRole('button', { name: 'Get the message to sign' }).click();
  const message = await page.getByRole('textbox', { name: 'Message to sign' }).inputValue();
  expect(message).toContain('Dash asks you to prove you hold this key');
  await page.getByRole('textbox', { name: 'Signature' }).fill(await key.signMessage({ message }));
  await page.getByRole('button', { name: 'Add signing device' }).click();
}

test.describe('user settings', () => {
  test('a signing device is refused with a bad address and created with a good one, proved elsewhere, stored checksummed', async ({
    page,
  }) => {
    // No browser wallet here: the key (a hardware wallet's, say) signs the challenge elsewhere.
    const key = privateKeyToAccount(generatePrivateKey());
    await signInThroughApi(page, newEmail('signer'));
    await page.goto('/settings/signing-devices');
    await expect(page.getByText('No signing devices yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Add signing device' }).click();
    await expect(page).toHaveURL(/\/settings\/signing-devices\/new$/);

    const address = page.getByLabel('Ethereum address');
    await page.getByLabel('Name').fill('Ledger');
    for (const bad of ['0x1234', BAD_CHECKSUM]) {
      await address.fill(bad);
      await page.getByRole('button', { name: 'Get the message to sign' }).click();
      await expect(page.getByText('Invalid Ethereum address')).toBeVisible();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/settings\/signing-devices\/new$/);
    }

    await address.fill(key.address.toLowerCase());
    await signElsewhere(page, key);

    await expect(page).toHaveURL(/\/settings\/signing-devices$/);
    const row = page.getByRole('table', { name: 'Signing devices' }).getByRole('row', { name: /Ledger/ });
    await expect(row).toContainText(key.address);
    await expect(row).toContainText('Verified');

    // The same address again is refused under the field.
    await page.goto('/settings/signing-devices/new');
    await page.getByLabel('Name').fill('Same again');
    await page.getByLabel('Ethereum address').fill(key.address);
    await signElsewhere(page, key);
    await expect(page.getByText('You already registered a signing device with this address')).toBeVisible();
  });

  test('a signing device proves its key with the browser’s wallet, or a typed one’s signature made elsewhere', async ({
    page,
  }) => {
    const wallet = await injectBrowserWallet(page);
    await signInThroughApi(page, newEmail('prover'));
    await page.goto('/settings/signing-devices/new');
    await expect(
      page.getByRole('combobox', { name: 'Prove the key with' }).locator('option:checked'),
    ).toHaveText('E2E Wallet');
    await page.getByLabel('Name').fill('Browser wallet');
    await page.getByRole('button', { name: 'Use an address from E2E Wallet' }).click();
    await expect(page.getByLabel('Ethereum address')).toHaveValue(wallet.account.address);
    await page.getByRole('button', { name: 'Add signing device' }).click();
    await expect(page).toHaveURL(/\/settings\/signing-devices$/);
    const devices = page.getByRole('table', { name: 'Signing devices' });
    await expect(devices.getByRole('row', { name: /Browser wallet/ })).toContainText('Verified');
    expect(wallet.asked).toEqual(['eth_requestAccounts', 'personal_sign']);

    // A key this page's wallet does not hold (a hardware wallet's typed address) is proved by the
    // same challenge signed there: a signature of another key is refused, storing nothing.
    const ledger = privateKeyToAccount(generatePrivateKey());
    await page.goto('/settings/signing-devices/new');
    await page.getByLabel('Name').fill('Typed Ledger');
    await page.getByLabel('Ethereum address').fill(ledger.address);
    await page
      .getByRole('combobox', { name: 'Prove the key with' })
      .selectOption({ label: 'Another device: sign the message there (hardware wallet)' });
    await signElsewhere(page, wallet.account);
    const signature = page.getByRole('textbox', { name: 'Signature' });
    await expect(signature).toHaveAccessibleDescription(/The signature was not made by this address’s key/);
    // The challenge is still unused: the right key's signature of the same message adds it.
    const message = await page.getByRole('textbox', { name: 'Message to sign' }).inputValue();
    await signature.fill(await ledger.signMessage({ message }));
    await page.getByRole('button', { name: 'Add signing device' }).click();
    await expect(page).toHaveURL(/\/settings\/signing-devices$/);
    await expect(devices.getByRole('row', { name: /Typed Ledger/ })).toContainText('Verified');
    expect(wallet.asked).toEqual(['eth_requestAccounts', 'personal_sign']);
  });

  test('the profile name refreshes the session, and a new e-mail is confirmed through the mailed link', async ({
    page,
  }) => {
    const email = newEmail('profile');
    const newAddress = newEmail('moved');
    await signInThroughApi(page, email);
    await page.goto('/settings/profile');

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Ada Lovelace');

    await page.getByLabel('New e-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByLabel('New e-mail address').fill(newAddress);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newAddress}`)).toBeVisible();

    const mail = await mailTo(page.context().request, newAddress, /Confirm your new e-mail address/);
    await page.goto(mail.links[0] ?? '');
    await expect(page.getByText('E-mail address confirmed')).toBeVisible();
    await expect(page.getByText(`From now on you sign in with ${newAddress}`)).toBeVisible();

    // The link works once: opened again (a fresh page, nothing cached) it says so, without calling
    // the change that worked a failure, and says which address signs in now.
    await page.reload();
    await expect(page.getByText('This link can no longer be used')).toBeVisible();
    await expect(page.getByText(`Your sign-in address is ${newAddress}.`, { exact: false })).toBeVisible();
    await expect(page.getByText('E-mail address not confirmed')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page.getByText(`Signed in as ${newAddress}`)).toBeVisible();
  });
});
