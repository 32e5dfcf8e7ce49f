import { randomUUID } from 'node:crypto';
import { createOrganizationThroughApi, expect, newEmail, signInThroughApi, test } from '../support/fixtures';

test.describe('organizations', () => {
  test('creating an organization suggests the slug and lands on its invite page', async ({ page }) => {
    await signInThroughApi(page, newEmail('founder'));
    await page.goto('/');
    const suffix = randomUUID().slice(0, 6);
    await page.getByLabel('Organization name').fill(`Río Payments ${suffix}`);
    await expect(page.getByLabel('Slug')).toHaveValue(`rio-payments-${suffix}`);
    await page.getByRole('button', { name: 'Create organization' }).click();

    await expect(page).toHaveURL(new RegExp(`/org/rio-payments-${suffix}/invite$`));
    await expect(
      page.getByRole('heading', { name: `Invite your team to Río Payments ${suffix}` }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Continue to dashboard' }).click();
    await page.getByRole('button', { name: 'Switch organization' }).click();
    const entry = page.getByRole('menuitem', { name: new RegExp(`Río Payments ${suffix}`) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Admin');
  });

  test('the form shows the spec messages for a bad name and slug, and a taken slug', async ({ page }) => {
    await signInThroughApi(page, newEmail('validator'));
    const taken = `taken-${randomUUID().slice(0, 6)}`;
    await createOrganizationThroughApi(page, 'Taken Co', taken);
    await page.goto('/organizations/new');

    await page.getByLabel('Organization name').fill('x'.repeat(33));
    await page.getByLabel('Slug').fill('-Bad_Slug-');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expect(page.getByText('Organization name must be less than 32 characters')).toBeVisible();
    await expect(
      page.getByText(
        'Organization slug must contain only lowercase letters, numbers, and hyphens, and cannot start or end with a hyphen',
      ),
    ).toBeVisible();

    await page.getByLabel('Slug').fill('a'.repeat(49));
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expect(page.getByText('Organization slug must be less than 48 characters')).toBeVisible();

    await page.getByLabel('Organization name').fill('Second Co');
    await page.getByLabel('Slug').fill(taken);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expect(page.getByText('This slug is already taken')).toBeVisible();
    await expect(page).toHaveURL(/\/organizations\/new$/);
  });

  test('an organization the user is not in sends them back to their first organization', async ({ page }) => {
    await signInThroughApi(page, newEmail('wanderer'));
    const own = await createOrganizationThroughApi(page, 'Own Co', `own-${randomUUID().slice(0, 6)}`);
    await page.goto('/org/acme-treasury/wallet');
    await expect(page).toHaveURL(new RegExp(`/org/${own.slug}$`));
  });

  test('an organization waiting for approval cannot open rails', async ({ page }) => {
    await signInThroughApi(page, newEmail('pending'));
    const own = await createOrganizationThroughApi(page, 'Pending Co', `pending-${randomUUID().slice(0, 6)}`);
    await page.goto(`/org/${own.slug}/rails/transactions`);
    await expect(page).toHaveURL(new RegExp(`/org/${own.slug}$`));
    await expect(page.getByRole('heading', { name: 'Complete KYB' })).toBeVisible();
  });
});
