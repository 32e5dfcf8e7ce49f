import { readFile } from 'node:fs/promises';
import { ZMyOrganizationsResponse } from '@dash/shared/contracts';
import {
  createOrganizationThroughApi,
  expect,
  fileChoosers,
  inviteThroughApi,
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
import { chooseWithKeys, tabTo, toast } from '../support/keyboard';
import { submitKybThroughApi } from '../support/setup';
import { budget } from '../support/time-budget';

/**
 * The rest of the e2e suite's flows done with the keyboard alone (see keyboard.spec.ts and
 * keyboard-more.spec.ts): Tab moves focus with a visible ring at every stop, Enter/Space act,
 * arrows choose. No clicks, no fill(). Every test works in organizations and users of its own.
 */

test.describe('the keyboard alone, the remaining flows', () => {
  test('an invited user accepts the invitation from the mailed link', async ({ page, browser, baseURL }) => {
    const name = `Keys Invite ${suffix()}`;
    await signInThroughApi(page, newEmail('keys-inviter'));
    const organization = await createOrganizationThroughApi(page, name, `keys-invite-${suffix()}`);
    const memberEmail = newEmail('keys-invitee');
    await inviteThroughApi(page, organization, memberEmail, 'Editor');

    const memberContext = await browser.newContext({ baseURL });
    const member = await memberContext.newPage();
    const mail = await mailTo(memberContext.request, memberEmail, new RegExp(`You're invited to ${name}`));
    await signInThroughApi(member, memberEmail);
    await member.goto(mail.links[0] ?? '');
    await expect(member).toHaveURL(/\/settings\/invites$/);
    await tabTo(member, member.getByRole('button', { name: `Accept invitation to ${name}` }));
    await member.keyboard.press('Enter');
    await expect(toast(member, `You joined ${name} as Editor`)).toBeVisible();
    const users = (await (
      await memberContext.request.get('/api/v0/organization/users', {
        headers: { 'x-organization-uid': organization.uid },
      })
    ).json()) as { data: { email: string; role: string }[] };
    expect(users.data.find((user) => user.email === memberEmail)?.role).toBe('Editor');
    await memberContext.close();
  });

  test('an Admin deletes a throwaway organization by typing its slug', async ({ page }) => {
    await signInThroughApi(page, newEmail('keys-deleter'));
    const keep = await createOrganizationThroughApi(page, 'Keys Keep', `keys-keep-${suffix()}`);
    const doomed = await createOrganizationThroughApi(page, 'Keys Doomed', `keys-doomed-${suffix()}`);
    await page.goto(`/org/${doomed.slug}/settings?tab=danger-zone`);
    const remove = page.getByRole('button', { name: 'Delete organization' });
    await expect(remove).toBeDisabled();
    await tabTo(page, page.getByRole('textbox', { name: 'Organization slug' }));
    await page.keyboard.type(doomed.slug);
    await expect(remove).toBeEnabled();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Keys Doomed was deleted')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/org/${keep.slug}$`));
    const mine = ZMyOrganizationsResponse.parse(
      await (await page.context().request.get('/api/v0/me/organizations')).json(),
    ).data.map((organization) => organization.slug);
    expect(mine).toContain(keep.slug);
    expect(mine).not.toContain(doomed.slug);
  });

  test('an Admin filters the Audit tab by action and downloads the CSV', async ({ page }) => {
    await signInThroughApi(page, newEmail('keys-auditor'));
    const organization = await createOrganizationThroughApi(
      page,
      `Keys Audit ${suffix()}`,
      `keys-audit-${suffix()}`,
    );
    const request = page.context().request;
    const headers = { 'x-organization-uid': organization.uid };
    expect(
      (
        await request.patch('/api/v0/organization', { headers, data: { name: `Keys Renamed ${suffix()}` } })
      ).status(),
    ).toBe(200);

    await page.goto(`/org/${organization.slug}/settings?tab=audit`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await tabTo(page, page.getByRole('combobox', { name: 'Action' }));
    await page.keyboard.type('Organization created');
    await chooseWithKeys(page, 'Organization created');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Organization created');

    await tabTo(page, page.getByRole('link', { name: 'Export CSV' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',organization.created,organization,');
  });

  test('an Editor replies to a provider message with an attachment', async ({ page, browser, baseURL }) => {
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('keys-mail-admin'));
    const organization = await createOrganizationThroughApi(
      page,
      `Keys Mail ${suffix()}`,
      `keys-mail-${suffix()}`,
    );
    const editor = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
      email: newEmail('keys-editor'),
    });

    const subject = `Keys settlement ${suffix()}`;
    await sendProviderMail(mailboxOf(organization), subject, 'Your settlement is ready.');

    const choosers = fileChoosers(editor);
    await editor.goto(`/org/${organization.slug}/messages`);
    const item = editor
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(subject) });
    await tabTo(editor, item);
    await editor.keyboard.press('Enter');
    // The paperclip comes before the message box in the tab order.
    await tabTo(editor, editor.getByRole('button', { name: 'Attach file' }));
    const choosing = choosers.next();
    await editor.keyboard.press('Enter');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await (await choosing).setFiles({
      name: 'keys-remittance.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(editor.getByRole('button', { name: 'Remove keys-remittance.pdf' })).toBeVisible();
    await expect(editor.getByRole('progressbar', { name: 'Uploading keys-remittance.pdf' })).toHaveCount(0);
    await tabTo(editor, editor.getByRole('textbox', { name: 'Message' }));
    await editor.keyboard.type('Attached with the keyboard.');
    await tabTo(editor, editor.getByRole('button', { name: 'Send' }));
    await editor.keyboard.press('Enter');

    const mine = editor
      .getByRole('log', { name: 'Messages' })
      .getByRole('article', { name: 'Message from me' });
    await expect(mine).toContainText('Attached with the keyboard.');
    await expect(mine.getByRole('link', { name: /keys-remittance\.pdf/ })).toBeVisible();
    const sent = await mailTo(editor.context().request, PROVIDER_ADDRESS, new RegExp(`^Re: ${subject}$`));
    expect(sent.attachments).toEqual([
      expect.objectContaining({ filename: 'keys-remittance.pdf', byteSize: pdf.length }),
    ]);
    await editor.context().close();
  });

  test('an Admin of an approved organization starts onboarding with a provider on Open Stable', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('keys-stable'));
    const slug = `keys-stable-${suffix()}`;
    const organization = await createOrganizationThroughApi(page, `Keys Stable ${slug}`, slug);
    await submitKybThroughApi(page, organization);
    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await signInThroughApi(operator, 'ops@example.com');
    expect(
      (await operatorContext.request.post(`/api/v0/ops/kyb/${organization.uid}/approve`, { data: {} })).ok(),
    ).toBe(true);
    await operatorContext.close();

    await page.goto(`/org/${slug}/explore?currency=MXN`);
    await tabTo(page, page.getByRole('link', { name: 'Bitso' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Bitso' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Start onboarding' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Onboard' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Provider' }).locator('option:checked')).toHaveText(
      /Bitso/,
    );
    await tabTo(page, page.getByRole('button', { name: 'Confirm and start onboarding' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/open-stable/[0-9a-f-]{36}$`));
    await expect(page.getByRole('status')).toHaveText('Your account with this provider is active.', {
      timeout: budget(15_000),
    });
  });

  test('the operator approves a submitted KYB application in the compliance review', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInThroughApi(page, newEmail('keys-kyb'));
    const slug = `keys-kyb-${suffix()}`;
    const organization = await createOrganizationThroughApi(page, `Keys KYB ${slug}`, slug);
    await submitKybThroughApi(page, organization);

    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await signInThroughApi(operator, 'ops@example.com');
    await operator.goto('/ops/kyb');
    await expect(operator.getByRole('heading', { name: 'Compliance review' })).toBeVisible();
    await tabTo(operator, operator.getByRole('link', { name: organization.name }));
    await operator.keyboard.press('Enter');
    await expect(operator.getByText('Teclado Comercial S.A. de C.V.')).toBeVisible();
    await tabTo(operator, operator.getByRole('button', { name: 'Approve' }), 120);
    await operator.keyboard.press('Enter');
    await expect(operator.getByLabel('Status: Approved')).toBeVisible();
    await operatorContext.close();
    const kyb = await page.context().request.get('/api/v0/kyb', {
      headers: { 'x-organization-uid': organization.uid },
    });
    expect(await kyb.text()).toContain('Approved');
  });
});
