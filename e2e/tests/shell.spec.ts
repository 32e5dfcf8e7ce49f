import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, newEmail, signInThroughApi, test } from '../support/fixtures';

test.describe('the shell', () => {
  test('the chosen theme survives a reload and is applied before the app starts', async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}`);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // With the app's scripts blocked, only index.html's inline script runs: the page is dark before any
    // app code, so a dark choice never flashes light.
    await page.route('**/static/js/**', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('navigation', { name: 'Organization' })).toHaveCount(0);
  });

  test('an unknown path shows Not Found, inside and outside an organization', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/nowhere`);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Organization' })).toBeVisible();
  });

  test('the design system page shows the tokens and primitives', async ({ page }) => {
    await page.goto('/design-system');
    await expect(page.getByRole('heading', { name: 'Design system' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    await page.getByRole('button', { name: 'Show Error' }).click();
    await expect(page.getByText('Example failure')).toBeVisible();
    await page.getByRole('button', { name: 'Hide Error' }).click();
    await page.getByRole('button', { name: 'Error toast' }).click();
    await expect(page.getByText('Failed to update organization. Please try again later.')).toBeVisible();
  });

  test('the switcher lists each organization with the role held in it', async ({ page }) => {
    await signInThroughApi(page, newEmail('switcher'));
    const own = await page
      .context()
      .request.post('/api/v0/organization', { data: { name: 'Beta Org', slug: `beta-${Date.now()}` } });
    expect(own.status()).toBe(201);
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch organization' }).click();
    await expect(page.getByRole('menuitem', { name: /Beta Org/ })).toContainText('Admin');
  });
});
