import { randomUUID } from 'node:crypto';
import {
  createOrganizationThroughApi,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  newEmail,
  signInThroughApi,
  test,
} from '../support/fixtures';

test.describe('the overview', () => {
  test('the demo organization shows its balances from the ledger, the latest transactions and the volume chart', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}`);

    const balances = page.getByRole('region', { name: 'Balances' });
    const brl = balances.getByRole('link', { name: /transactions in BRL$/ }).first();
    await expect(brl).toBeVisible();
    await expect(brl).toHaveText(/testbrz$/);

    const latest = page.getByRole('region', { name: 'Latest transactions' });
    await expect(latest.getByRole('link', { name: /^Open the / })).toHaveCount(5);

    // The chart library arrives in its own chunk, and the same figures are there as text.
    const volume = page.getByRole('region', { name: 'Volume, last 30 days' });
    await expect(volume.getByRole('img', { name: /^Daily volume in BRL/ })).toBeVisible();
    await expect(volume.locator('canvas').first()).toBeVisible();
    await volume.getByText('Show the figures as a table').click();
    await expect(volume.getByRole('link', { name: /On-ramp transactions in BRL$/ })).toBeVisible();

    await brl.click();
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/rails/transactions\\?currency=BRL$`));
  });

  test('a new organization gets the checklist, each step a link, instead of empty cards', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('overview'));
    const slug = `overview-${randomUUID().slice(0, 6)}`;
    await createOrganizationThroughApi(page, `Overview ${slug}`, slug);
    await page.goto(`/org/${slug}`);

    const steps = page.getByRole('list', { name: 'Get started' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(page.getByText('0 of 5 done')).toBeVisible();
    await expect(steps.filter({ hasText: 'Invite a teammate' })).toContainText('To do');
    await expect(page.getByRole('region', { name: 'Verification status' })).toContainText('Complete KYB');
    await expect(page.getByRole('region', { name: 'Balances' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Invite a teammate' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/settings\\?tab=members$`));
  });
});
