import { readFile } from 'node:fs/promises';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  createOrganizationThroughApi,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { chooseWithKeys, expectFocusRing, hasFocus, tabBackTo, tabTo, toast } from '../support/keyboard';

/**
 * More flows of the e2e suite done with the keyboard alone (see keyboard.spec.ts): Tab moves focus
 * with a visible ring at every stop, Enter/Space act, arrows choose. No clicks, no fill().
 */

test.describe('the keyboard alone, more flows', () => {
  test('creates an organization with the suggested slug, then changes the slug in Settings', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('keys-founder'));
    await page.goto('/');
    const id = suffix();
    await tabTo(page, page.getByRole('textbox', { name: 'Organization name' }));
    await page.keyboard.type(`Teclado ${id}`);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(`teclado-${id}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/teclado-${id}/invite$`));
    await expect(page.getByRole('heading', { name: `Invite your team to Teclado ${id}` })).toBeVisible();

    // Settings > General: select the slug, type a new one, Enter; the URL moves.
    await page.goto(`/org/teclado-${id}/settings`);
    const slug = page.getByRole('textbox', { name: 'Slug' });
    await tabTo(page, slug);
    await page.keyboard.press('ControlOrMeta+A');
    const moved = `moved-${id}`;
    await page.keyboard.type(moved);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${moved}/settings$`));
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(moved);
  });

  test('adds a CLABE bank beneficiary through its dialog', async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/bank-beneficiaries`);
    const opener = page.getByRole('button', { name: 'Add beneficiary' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a bank beneficiary' });
    await expect(dialog).toBeVisible();
    const name = `CLABE keys ${suffix()}`;
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByRole('textbox', { name: 'CLABE' }));
    // Not the CLABE counterparties.spec.ts registers: one suite, one organization, each CLABE once.
    await page.keyboard.type('072180001234567897');
    await expect(dialog.getByTestId('clabe-resolution')).toContainText('Banco Mercantil del Norte (BANORTE)');
    await tabTo(page, dialog.getByRole('button', { name: 'Add beneficiary' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${name} added`)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Bank beneficiaries' }).getByRole('row', { name: new RegExp(name) }),
    ).toContainText('072180001234567897');
  });

  test('creates a signing device, then chooses a language in the profile and back to English', async ({
    page,
  }) => {
    const key = privateKeyToAccount(generatePrivateKey());
    await signInThroughApi(page, newEmail('keys-signer'));
    await page.goto('/settings/signing-devices');
    await expect(page.getByText('No signing devices yet.')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Add signing device' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/signing-devices\/new$/);
    await tabTo(page, page.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type('Keyboard Ledger');
    await tabTo(page, page.getByRole('textbox', { name: 'Ethereum address' }));
    await page.keyboard.type(key.address.toLowerCase());
    // No browser wallet: Enter asks for the message, which the key signs off the page.
    await page.keyboard.press('Enter');
    const message = await page.getByRole('textbox', { name: 'Message to sign' }).inputValue();
    await tabTo(page, page.getByRole('textbox', { name: 'Signature' }));
    await page.keyboard.type(await key.signMessage({ message }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/signing-devices$/);
    await expect(
      page.getByRole('table', { name: 'Signing devices' }).getByRole('row', { name: /Keyboard Ledger/ }),
    ).toContainText(key.address);

    await page.goto('/settings/profile');
    await tabTo(page, page.getByRole('combobox', { name: 'Language' }));
    await chooseWithKeys(page, 'Português (Brasil)');
    await tabTo(page, page.getByRole('button', { name: 'Save profile' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Perfil salvo')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    const language = page.getByRole('combobox', { name: 'Idioma' });
    if (!(await hasFocus(language))) await tabTo(page, language);
    await chooseWithKeys(page, 'English');
    await tabTo(page, page.getByRole('button', { name: 'Salvar perfil' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Profile saved')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('exports the filtered transactions as CSV', async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions`);
    await tabTo(page, page.getByRole('combobox', { name: 'Status' }));
    await chooseWithKeys(page, 'Returned');
    await expect(page).toHaveURL(/status=returned/);
    await tabTo(page, page.getByRole('link', { name: 'Export CSV' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('transactions.csv');
    const path = await download.path();
    const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',returned,');
  });

  test('every status reads in full in the transactions list, on a laptop and on a small screen', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const table = page.getByRole('table', { name: 'Transactions' });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?size=25`);
      // The seeded history has the longest labels.
      await expect(table.getByText('Awaiting approval', { exact: true }).first()).toBeVisible();
      await expect(table.getByText('Payment submitted', { exact: true }).first()).toBeVisible();
      // A cut label is the badge's inner text overflowing it (Mantine ellipsizes it).
      const cut = await table
        .locator('.mantine-Badge-root > span')
        .evaluateAll((labels) =>
          labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
        );
      expect(cut, `statuses cut at ${width} px`).toEqual([]);
    }
  });

  test('pages through the transactions, changes the rows per page and opens one', async ({ page }) => {
    // The demo organization's seeded history has 11 transfers (other specs add more): two pages of 10.
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?size=10`);
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await tabTo(page, page.getByRole('button', { name: 'Next page' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    // The page size is a native select: the arrow keys choose the next size on a closed one.
    const rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
    await tabTo(page, rowsPerPage);
    await page.keyboard.press('ArrowDown');
    await expect(rowsPerPage).toHaveValue('25');
    await expect(page).toHaveURL(/[?&]size=25/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();

    // A row's date is its link: Enter opens the detail page in the app (no reload).
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // The rows per page select is below the table: back up to the first row's link.
    const first = table.getByRole('link').first();
    await tabBackTo(page, first, 200);
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/org/${DEMO_ORG_SLUG}/rails/transactions/[0-9a-f-]{36}$`));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('tabs through every row of a 100-row page, though only the rows in view are rendered', async ({
    page,
  }) => {
    // The list is virtualized against the window's scroll: a row is rendered when it nears the view.
    // Focus moving down scrolls the page, so each next row is there before Tab reaches it. The 100
    // rows are the demo organization's own, repeated under new uids (the shape the API answers).
    await signInThroughApi(page, DEMO_EMAIL);
    await page.route('**/api/v0/rails/transactions?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('size') !== '100') return route.fallback();
      const answer = await route.fetch();
      const template = (await answer.json()).data as { uid: string }[];
      const data = Array.from({ length: 100 }, (_, index) => ({
        ...template[index % template.length],
        uid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      }));
      return route.fulfill({ json: { data, page: 1, size: 100, total: 100, totalIsExact: true } });
    });
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?size=100`);
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table).toHaveAttribute('aria-rowcount', '101');
    const rendered = await table.locator('tbody tr[aria-rowindex]').count();
    expect(rendered).toBeLessThan(100);
    await tabTo(page, table.getByRole('link').first());
    for (let row = 1; row < 100; row += 1) await page.keyboard.press('Tab');
    // The 100th row's link has focus, in view, with its ring; the first rows left the DOM.
    const last = table.locator('tbody tr[aria-rowindex="101"] a');
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute('data-transfer-uid', '00000000-0000-4000-8000-000000000099');
    await expect(last).toBeInViewport();
    await expectFocusRing(page);
    await expect(table.locator('tbody tr[aria-rowindex="2"]')).toHaveCount(0);
    // Tab leaves the table for the pager. One page of 100: Previous and Next say they are disabled
    // (aria-disabled) but stay in the Tab order, so the one just pressed at either end keeps focus.
    for (const name of ['Previous page', 'Next page']) {
      await page.keyboard.press('Tab');
      const button = page.getByRole('button', { name });
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-disabled', 'true');
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toBeFocused();
  });

  test('an Admin proposes a signer on the wallet page', async ({ page }) => {
    const adminEmail = newEmail('keys-vault');
    await signInThroughApi(page, adminEmail);
    const { slug } = await createOrganizationThroughApi(
      page,
      `Keys Vault ${suffix()}`,
      `keys-vault-${suffix()}`,
    );
    await page.goto(`/org/${slug}/wallet`);
    await expect(page.getByText('No signer found.')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Add Signer' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add Wallet Signer' })).toBeVisible();
    await tabTo(page, page.getByRole('combobox', { name: 'Organization user' }));
    await chooseWithKeys(page, adminEmail);
    await tabTo(page, page.getByRole('button', { name: 'Add Signer' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/wallet$`));
    await expect(
      page.getByRole('table', { name: 'Signers' }).getByRole('row', { name: new RegExp(adminEmail) }),
    ).toContainText('Pending');
  });

  test('an area whose remote cannot be reached offers Retry, which loads it once it answers', async ({
    page,
  }) => {
    // The remote's origin refuses every request (as when its server is down), until the test lets it through.
    const remoteOrigin = `:${Number(process.env.E2E_PORT ?? 4300) + 11}/`;
    const blocked = (url: URL) => url.href.includes(remoteOrigin);
    await page.route(blocked, (route) => route.abort('connectionrefused'));
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    await expect(page.getByRole('alert')).toContainText('Message Center is unavailable right now');
    await tabTo(page, page.getByRole('button', { name: 'Retry' }));
    await page.unroute(blocked);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Message Center', level: 1 })).toBeVisible();
  });

  test('the last Admin tries to leave and is told why', async ({ page }) => {
    await signInThroughApi(page, newEmail('keys-alone'));
    const organization = await createOrganizationThroughApi(page, 'Keys Solo', `keys-solo-${suffix()}`);
    await page.goto(`/org/${organization.slug}/settings?tab=danger-zone`);
    const leave = page.getByRole('button', { name: 'Leave organization' });
    await tabTo(page, leave);
    await page.keyboard.press('Enter');
    // The question takes the focus: the confirming button, with its ring.
    await expect(page.getByRole('button', { name: 'Yes, leave Keys Solo' })).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Failed to leave organization. Please try again later.')).toContainText(
      'You are the last Admin: make someone else Admin first.',
    );
    await expect(page).toHaveURL(new RegExp(`/org/${organization.slug}/settings`));
    // Refused, the question goes away and focus returns to the button that asked.
    await expect(leave).toBeFocused();
  });
});
