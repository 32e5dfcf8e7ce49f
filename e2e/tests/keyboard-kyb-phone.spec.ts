import type { Locator, Page } from '@playwright/test';
import {
  createOrganizationThroughApi,
  expect,
  fileChoosers,
  mailboxOf,
  mailTo,
  memberWithRole,
  newEmail,
  PROVIDER_ADDRESS,
  sendProviderMail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { chooseWithKeys, expectFocusRing, hasFocus, tabBackTo, tabTo, toast } from '../support/keyboard';
import { budget } from '../support/time-budget';

/**
 * More flows of the e2e suite done with the keyboard alone (see keyboard.spec.ts and its siblings):
 * a complete KYB application with its uploads, the Message Center on a phone, the theme and signing
 * out, and a new e-mail address confirmed through the mailed link. Tab moves focus with a visible
 * ring at every stop, Enter/Space act, arrows choose. No clicks, no fill(), no mouse. Every test
 * works in organizations and users of its own.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test.describe('the keyboard alone, KYB, the phone and the account', () => {
  test('an Admin fills, documents and submits a complete KYB application', async ({ page }) => {
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('keys-kyb-submit'));
    const choosers = fileChoosers(page);
    const slug = `keys-sub-${suffix()}`;
    await createOrganizationThroughApi(page, `Keys Submit ${slug}`, slug);
    await page.goto(`/org/${slug}/kyb`);
    await expect(page.getByLabel('Status: Not started')).toBeVisible();

    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await typeInto(page, field('Legal name'), 'Teclas Comerciales S.A. de C.V.');
    await tabTo(page, page.getByRole('combobox', { name: 'Country of incorporation' }));
    await chooseWithKeys(page, 'Mexico');
    await typeInto(page, field('Tax id'), 'TCO010203AB1');
    await typeInto(page, field('Incorporation date'), '2001-02-03');
    await typeInto(page, field('Website'), 'https://teclas.mx');
    await typeInto(page, field('Expected monthly volume'), '250000.00');
    await typeInto(page, field('Currency'), 'MXN');
    await typeInto(page, field('Business activity'), 'Wholesale of keyboards');
    await typeInto(page, field('Address line 1'), 'Av. Reforma 100');
    await typeInto(page, field('City'), 'Ciudad de México');
    await typeInto(page, field('State'), 'CDMX');
    await typeInto(page, field('Postal code'), '06600');
    await typeInto(page, field('Address country'), 'MX');

    // The owner's fields appear above the button that adds them: back up to them with Shift+Tab.
    await tabTo(page, page.getByRole('button', { name: 'Add owner' }));
    await page.keyboard.press('Enter');
    const owner = page.getByRole('group', { name: 'Owner 1' });
    await tabBackTo(page, owner.getByRole('textbox', { name: 'Owner name' }));
    await page.keyboard.type('Ana Teclas');
    await typeInto(page, owner.getByRole('textbox', { name: 'Ownership %' }), '60');
    await typeInto(page, owner.getByRole('textbox', { name: 'Nationality' }), 'MX');
    await tabTo(page, owner.getByRole('combobox', { name: 'Id document type' }));
    await chooseWithKeys(page, 'Passport');
    await typeInto(page, owner.getByRole('textbox', { name: 'Id document number' }), 'G12345678');
    await tabTo(page, page.getByRole('button', { name: 'Save draft' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await expect(page.getByLabel('Status: Draft')).toBeVisible();

    // Each required document through its file button, opened from the keyboard.
    const documents = page.getByRole('list', { name: 'Required documents' });
    for (const [label, filename] of [
      ['Articles of incorporation', 'articles.pdf'],
      ['Proof of address', 'proof.pdf'],
      ['Tax certificate (Constancia de Situación Fiscal)', 'constancia.pdf'],
      ['Id of Ana Teclas', 'passport.pdf'],
    ] as const) {
      await tabTo(page, documents.getByRole('button', { name: `Upload ${label}` }));
      const choosing = choosers.next();
      await page.keyboard.press('Enter');
      await (await choosing).setFiles({ name: filename, mimeType: 'application/pdf', buffer: PDF });
      await expect(documents.getByRole('listitem', { name: label })).toContainText('Uploaded');
      await expect(toast(page, `${label}: ${filename} uploaded`)).toBeVisible();
    }

    await tabBackTo(page, page.getByRole('button', { name: 'Submit for review' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'KYB application submitted for review')).toBeVisible();
    await expect(page.getByLabel('Status: Submitted')).toBeVisible();
    await expect(field('Legal name')).toHaveAttribute('readonly', '');
    await expect(documents.getByRole('button')).toHaveCount(0);
  });

  test('an Editor on a 390 px phone opens a provider thread, replies and goes back to the list', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('keys-phone-admin'));
    const organization = await createOrganizationThroughApi(
      page,
      `Keys Phone ${suffix()}`,
      `keys-phone-${suffix()}`,
    );
    const editor = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      viewport: { width: 390, height: 844 },
      email: newEmail('keys-phone-editor'),
    });
    const context = editor.context();

    const subject = `Keys phone ${suffix()}`;
    await sendProviderMail(mailboxOf(organization), subject, 'Your phone settlement is ready.');

    await editor.goto(`/org/${organization.slug}/messages`);
    const conversations = editor.getByRole('navigation', { name: 'Conversations' });
    const log = editor.getByRole('log', { name: 'Messages' });
    const item = conversations.getByRole('link', { name: new RegExp(subject) });
    await expect(log).toHaveCount(0);
    await tabTo(editor, item);
    await editor.keyboard.press('Enter');
    await expect(log.getByRole('article', { name: /Message from Transfero Ops/ })).toContainText(
      'Your phone settlement is ready.',
    );
    await expect(conversations).toHaveCount(0);

    await tabTo(editor, editor.getByRole('textbox', { name: 'Message' }));
    await editor.keyboard.type('Replied from a phone with the keyboard.');
    await tabTo(editor, editor.getByRole('button', { name: 'Send' }));
    await editor.keyboard.press('Enter');
    await expect(log.getByRole('article', { name: 'Message from me' })).toContainText(
      'Replied from a phone with the keyboard.',
    );

    await tabBackTo(editor, editor.getByRole('button', { name: 'Back to conversations' }));
    await editor.keyboard.press('Enter');
    await expect(item).toBeVisible();
    await expect(log).toHaveCount(0);

    const sent = await mailTo(context.request, PROVIDER_ADDRESS, new RegExp(`^Re: ${subject}$`));
    expect(sent.text).toContain('Replied from a phone with the keyboard.');
    await context.close();
  });

  test('chooses the dark theme, which survives a reload, and signs out from the account menu', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('keys-theme'));
    const slug = `keys-theme-${suffix()}`;
    await createOrganizationThroughApi(page, `Keys Theme ${slug}`, slug);
    await page.goto(`/org/${slug}`);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    // The theme is a radio group: Tab reaches the chosen option, the arrows choose another.
    const theme = page.getByRole('radiogroup', { name: 'Theme' });
    await tabTo(page, theme);
    await expect.poll(() => hasFocus(page.getByRole('radio', { name: 'Light' }))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectFocusRing(page);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await tabTo(page, page.getByRole('button', { name: 'Account menu' }));
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    for (let step = 0; step < 10 && !(await hasFocus(signOut)); step += 1)
      await page.keyboard.press('ArrowDown');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect((await page.context().request.get('/api/v0/me')).status()).toBe(401);
  });

  test('a new e-mail address is asked for and confirmed through the mailed link', async ({ page }) => {
    await signInThroughApi(page, newEmail('keys-profile'));
    const newAddress = newEmail('keys-moved');
    await page.goto('/settings/profile');
    await tabTo(page, page.getByRole('textbox', { name: 'New e-mail address' }));
    await page.keyboard.type(newAddress);
    await tabTo(page, page.getByRole('button', { name: 'Send confirmation link' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`We sent a confirmation link to ${newAddress}`)).toBeVisible();

    const mail = await mailTo(page.context().request, newAddress, /Confirm your new e-mail address/);
    await page.goto(mail.links[0] ?? '');
    await expect(page.getByText('E-mail address confirmed')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Back to the dashboard' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Signed in as ${newAddress}`)).toBeVisible();
  });
});
