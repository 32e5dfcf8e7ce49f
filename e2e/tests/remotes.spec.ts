import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';

const AREAS = [
  { remote: 'remote-messages', path: `/org/${DEMO_ORG_SLUG}/messages`, heading: 'Message Center' },
  { remote: 'remote-wallet', path: `/org/${DEMO_ORG_SLUG}/wallet`, heading: 'Wallet' },
  { remote: 'remote-rails', path: `/org/${DEMO_ORG_SLUG}/rails`, heading: 'Transactions' },
  { remote: 'remote-settings', path: `/org/${DEMO_ORG_SLUG}/settings?tab=members`, heading: 'Settings' },
];

test.describe('the four remotes inside the shell', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
  });

  for (const area of AREAS) {
    test(`${area.remote} opens on its own origin and runs on the host's React, QueryClient and session`, async ({
      page,
    }) => {
      const remoteRequests: string[] = [];
      const manifestRequests: string[] = [];
      const entryFile = new RegExp(`/${area.remote.replace('-', '_')}\\.[0-9a-f]+\\.js$`);
      page.on('request', (request) => {
        if (entryFile.test(request.url())) remoteRequests.push(new URL(request.url()).origin);
        if (request.url().includes('mf-manifest.json')) manifestRequests.push(request.url());
      });
      await page.goto(area.path);
      await expect(page.getByRole('heading', { name: area.heading, exact: true })).toBeVisible();

      const probe = page.getByTestId('runtime-probe').first();
      await expect(probe).toHaveAttribute('data-remote', area.remote);
      await expect(probe).toHaveAttribute('data-same-react', 'true');
      await expect(probe).toHaveAttribute('data-same-query-client', 'true');
      await expect(probe).toHaveAttribute('data-has-session', 'true');
      // Each remote is served from its own origin, not the dashboard's.
      expect(remoteRequests.length).toBeGreaterThan(0);
      expect(remoteRequests.every((origin) => origin !== new URL(page.url()).origin)).toBe(true);
      // The page came with the remote's federation manifest: the runtime did not ask for it.
      expect(manifestRequests).toEqual([]);
    });
  }

  test('rails redirects to transactions and the settings tab follows the URL', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails`);
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/rails/transactions$`));
    await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=danger-zone`);
    await expect(page.getByRole('tab', { name: 'Danger zone' })).toHaveAttribute('aria-selected', 'true');
    await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=nonsense`);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  test('moving between areas keeps one React and one QueryClient', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_SLUG}/wallet`);
    await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Message Center' }).click();
    await expect(page.getByRole('heading', { name: 'Message Center', level: 1 })).toBeVisible();
    const probe = page.getByTestId('runtime-probe');
    await expect(probe).toHaveAttribute('data-remote', 'remote-messages');
    await expect(probe).toHaveAttribute('data-same-react', 'true');
    await expect(probe).toHaveAttribute('data-same-query-client', 'true');
  });
});
