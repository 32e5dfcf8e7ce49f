import {
  createOrganizationThroughApi,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  newEmail,
  signInThroughApi,
  test,
} from '../support/fixtures';
import { chooseWithKeys, expectFocusRing, hasFocus, tabTo, toast } from '../support/keyboard';
import { budget } from '../support/time-budget';

/**
 * Every flow of the e2e suite, done with the keyboard alone: Tab moves focus (each stop must show a
 * focus ring), Enter/Space act, arrows choose in menus and selects. No clicks, no fill().
 */

test.describe('the keyboard alone', () => {
  test('signs in with the magic link from the outbox', async ({ page }) => {
    const email = newEmail('keys');
    await page.goto('/auth');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Check your e-mail')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'local outbox' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Local outbox' })).toBeVisible();
    await tabTo(
      page,
      page
        .getByLabel(`Mail to ${email}`)
        .first()
        .getByRole('link', { name: /\/auth\// }),
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
  });

  test('invites a member, changes their role and saves a KYB draft', async ({ page, browser, baseURL }) => {
    test.setTimeout(budget(90_000));
    const adminEmail = newEmail('keys-admin');
    const memberEmail = newEmail('keys-member');
    await signInThroughApi(page, adminEmail);
    const slug = `keys-${Date.now()}`;
    const organization = await createOrganizationThroughApi(page, 'Keys Org', slug);

    await page.goto(`/org/${slug}/invite`);
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(memberEmail);
    await page.keyboard.press('Enter');
    await expect(toast(page, `Invitation sent to ${memberEmail}`)).toBeVisible();

    // The member accepts (through the API: their flow is the invitations page, another browser).
    const memberContext = await browser.newContext({ baseURL });
    const member = await memberContext.newPage();
    await signInThroughApi(member, memberEmail);
    const invitations = await (await memberContext.request.get('/api/v0/me/invitations')).json();
    const invitation = invitations.data.find(
      (candidate: { organization: { uid: string } }) => candidate.organization.uid === organization.uid,
    );
    const accepted = await memberContext.request.post(`/api/v0/me/invitations/${invitation.uid}/accept`, {
      data: {},
    });
    expect(accepted.ok()).toBe(true);
    await memberContext.close();

    await page.goto(`/org/${slug}/settings?tab=members`);
    const role = page.getByRole('combobox', { name: `Role of ${memberEmail}`, exact: true });
    await tabTo(page, role);
    await chooseWithKeys(page, 'Viewer');
    await expect(toast(page, `${memberEmail} is now Viewer`)).toBeVisible();
    await expect(role).toHaveValue('Viewer');

    await page.goto(`/org/${slug}/kyb`);
    await tabTo(page, page.getByRole('textbox', { name: 'Legal name' }));
    await page.keyboard.type('Keys Comercial S.A. de C.V.');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Draft saved')).toBeVisible();
  });

  test('switches organization, adds a wallet in a dialog that traps and returns focus, replies to a message', async ({
    page,
  }) => {
    test.setTimeout(budget(90_000));
    await signInThroughApi(page, DEMO_EMAIL);
    const other = `keys-other-${Date.now()}`;
    await createOrganizationThroughApi(page, 'Keys Other', other);

    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/blockchain-wallets`);
    await tabTo(page, page.getByRole('button', { name: 'Switch organization' }));
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: /Keys Other/ });
    await expect(item).toBeVisible();
    for (let step = 0; step < 20 && !(await hasFocus(item)); step += 1)
      await page.keyboard.press('ArrowDown');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${other}$`));

    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/blockchain-wallets`);
    const opener = page.getByRole('button', { name: 'Register wallet' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Register a wallet' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => hasFocus(dialog)).toBe(true);
    // Focus stays in the dialog however far Tab and Shift+Tab go.
    for (const key of [
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
    ]) {
      await page.keyboard.press(key);
      expect(await hasFocus(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => hasFocus(opener)).toBe(true);
    await expectFocusRing(page);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('combobox', { name: 'Network' }));
    await chooseWithKeys(page, 'Polygon Amoy');
    const name = `Keys wallet ${Date.now()}`;
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByRole('textbox', { name: 'Address' }));
    await page.keyboard.type(`0x${Date.now().toString(16).padStart(40, '7')}`);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${name} registered`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registered wallets' })).toContainText(name);

    // Reply in the Message Center: open the first conversation, write, send.
    await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    await tabTo(page, page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first());
    await page.keyboard.press('Enter');
    const box = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, box);
    await page.keyboard.type('Sent with the keyboard.');
    await tabTo(page, page.getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Message from me' }).last(),
    ).toContainText('Sent with the keyboard.');
  });

  test('gets and confirms an on-ramp quote, deposits and filters the transactions', async ({ page }) => {
    test.setTimeout(budget(90_000));
    await signInThroughApi(page, DEMO_EMAIL);

    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/on-ramp`);
    await tabTo(page, page.getByRole('combobox', { name: 'Provider' }));
    await chooseWithKeys(page, 'Transfero');
    await tabTo(page, page.getByRole('combobox', { name: 'Target wallet' }));
    await chooseWithKeys(page, /Sandbox deposits/);
    await tabTo(page, page.getByRole('textbox', { name: /Amount/ }));
    await page.keyboard.type('250.00');
    await page.keyboard.press('Enter');
    const quote = page.getByRole('region', { name: 'Quote' });
    await expect(quote).toContainText('You receive: 247.75 testbrz');
    await tabTo(page, quote.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/rails/transactions/[0-9a-f-]{36}$`));

    // The deposit form, in the order it reads: amount, target wallet, then the button.
    await page.goto(`/org/${DEMO_ORG_SLUG}/deposit`);
    const amount = page.getByRole('textbox', { name: /Amount/ });
    await tabTo(page, amount);
    await page.keyboard.type('100.00');
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFocus(page.getByRole('combobox', { name: 'Target wallet' }))).toBe(true);
    await chooseWithKeys(page, /Sandbox deposits/);
    await page.keyboard.press('Tab');
    const submit = page.getByRole('form', { name: 'Deposit' }).getByRole('button');
    await expect.poll(() => hasFocus(submit)).toBe(true);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/rails/transactions/[0-9a-f-]{36}$`));

    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions`);
    await tabTo(page, page.getByRole('combobox', { name: 'Status' }));
    await chooseWithKeys(page, 'Returned');
    await expect(page).toHaveURL(/status=returned/);
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Returned');
  });
});
