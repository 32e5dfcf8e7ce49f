import { expect, latestMailTo, magicLinkOf, newEmail, signInThroughApi, test } from '../support/fixtures';

test.describe('sign-in with a magic link', () => {
  test('a newcomer signs in through the outbox link and is asked to create an organization', async ({
    page,
  }) => {
    const email = newEmail('newcomer');
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\?redirect=%2F$/);

    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole('link', { name: 'local outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Local outbox' })).toBeVisible();
    const mail = page.getByLabel(`Mail to ${email}`).first();
    await expect(mail.getByText('Your sign-in link')).toBeVisible();
    await mail.getByRole('link', { name: /\/auth\// }).click();

    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an invalid e-mail address gets a message under the field, and nothing is sent', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a deep link without a session goes to sign-in and comes back after it', async ({ page }) => {
    const email = newEmail('deep-link');
    await page.goto('/settings/signing-devices?from=mail');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings%2Fsigning-devices%3Ffrom%3Dmail$/);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();

    const link = magicLinkOf(await latestMailTo(page.request, email));
    await page.goto(link);
    await expect(page).toHaveURL(/\/settings\/signing-devices\?from=mail$/);
    await expect(page.getByRole('heading', { name: 'Signing devices' })).toBeVisible();
  });

  test('a used link cannot sign in again', async ({ page }) => {
    const email = newEmail('reuse');
    await page.request.post('/api/v0/auth', { data: { email } });
    const link = magicLinkOf(await latestMailTo(page.request, email));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(link);
    // A JSON refusal names the link's problem; the catalogue's 'Failed to verify…' is for a non-JSON answer.
    await expect(page.getByRole('alert')).toContainText('This sign-in link cannot be used');
    await expect(page.getByRole('alert')).toContainText('This sign-in link has expired or was already used.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('the session survives a reload, and signing out ends it', async ({ page }) => {
    const email = newEmail('session');
    await signInThroughApi(page, email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    expect((await page.request.get('/api/v0/me')).status()).toBe(401);
  });

  test('a signed-in user who opens the sign-in page goes to the dashboard', async ({ page }) => {
    await signInThroughApi(page, newEmail('signed-in'));
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
  });
});
