import {
  appTookOver,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  newEmail,
  signInThroughApi,
  test,
} from '../support/fixtures';

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

  test('a page whose boot file fails to load reloads once, then says so and offers to reload', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    // One of the files every page loads before the app starts (react-dom's chunk, first of them to run).
    const { js } = (await (await page.request.get('/boot-assets.json')).json()) as { js: string[] };
    const blocked = `**/${js[2]}`;
    await page.route(blocked, (route) => route.abort('connectionreset'));
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
    });
    // The messages page is rendered by the server: its markup shows, inert, until the app takes over.
    await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    const notice = page.getByRole('alert');
    await expect(notice.getByRole('heading', { name: 'The dashboard could not load' })).toBeVisible();
    await expect(notice).toContainText('Check your connection, then reload the page.');
    // The first failure reloaded the page; the second one is shown.
    expect(loads).toBe(2);
    // The server's inert render is gone.
    await expect(page.getByRole('navigation', { name: 'Organization' })).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const reload = notice.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeFocused();

    await page.unroute(blocked);
    await reload.click();
    await appTookOver(page);
    await expect(page.getByRole('heading', { name: 'The dashboard could not load' })).toHaveCount(0);
    // The app runs: the theme control answers.
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test("a page whose entry script fails to load reloads once, then says so (index.html's boot guard)", async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const entry = '**/static/js/index.*.js';
    await page.context().route(entry, (route) => route.abort('connectionreset'));
    // The messages page is rendered by the server and loads its entry after its first paint; the
    // organization's home is index.html's boot frame with the entry in its head. Each in a tab of its
    // own: the reload-once record is the tab's.
    let tab = page;
    for (const path of [`/org/${DEMO_ORG_SLUG}/messages`, `/org/${DEMO_ORG_SLUG}/settings`]) {
      tab = await page.context().newPage();
      let loads = 0;
      tab.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === tab.mainFrame()) loads++;
      });
      await tab.goto(path);
      const notice = tab.getByRole('alert');
      await expect(notice.getByRole('heading', { name: 'The dashboard could not load' })).toBeVisible();
      expect(loads, path).toBe(2);
      await expect(tab.getByRole('navigation', { name: 'Organization' })).toHaveCount(0);
      await expect(tab.locator('#root')).not.toHaveAttribute('inert');
      await expect(notice.getByRole('button', { name: 'Reload' })).toBeFocused();
    }

    // The file is back: Reload brings the page up.
    await page.context().unroute(entry);
    await tab.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
    await appTookOver(tab);
    await expect(tab.getByRole('navigation', { name: 'Organization' })).toBeVisible();
    await expect(tab.getByRole('alert')).toHaveCount(0);
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
