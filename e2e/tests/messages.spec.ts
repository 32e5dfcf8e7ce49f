import { DEFAULT_CLIENT_MAIL_DOMAIN } from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import {
  appTookOver,
  createOrganizationThroughApi,
  expect,
  mailboxOf,
  mailTo,
  memberWithRole,
  newEmail,
  PROVIDER_ADDRESS,
  PROVIDER_NAME,
  sendProviderMail,
  sendProviderThread,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';
import { budget } from '../support/time-budget';

const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

test.describe('Message Center', () => {
  test('provider mail appears live; an Editor replies with an attachment; a Viewer only reads, also on a phone', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Three users in three browsers and a mail round trip: more than the default 30 s on a busy machine.
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('admin'));
    const organization = await createOrganizationThroughApi(page, `Mail ${suffix()}`, `mail-${suffix()}`);
    const editor = await memberWithRole(browser, baseURL, page, organization, 'Editor');

    await editor.goto(`/org/${organization.slug}/messages`);
    await appTookOver(editor);
    await expect(editor.getByText('No messages yet')).toBeVisible();
    await expect(editor.getByText("You don't have any conversations yet.")).toBeVisible();

    // The mail reaches the open page through the event stream: no reload, and sooner than the
    // 10 s the page would take to poll if the stream were down.
    const subject = `Settlement ${suffix()}`;
    await sendProviderMail(mailboxOf(organization), subject, 'Your BRL settlement is ready.\nSee you soon.');
    const item = conversations(editor).getByRole('link', { name: new RegExp(subject) });
    await expect(item).toBeVisible({ timeout: Math.min(budget(5_000), 9_000) });
    await expect(item).toContainText(PROVIDER_NAME);
    // The first thread is selected by default, and the URL says which.
    await expect(item).toHaveAttribute('aria-current', 'page');
    await expect(editor).toHaveURL(new RegExp(`/org/${organization.slug}/messages/[0-9a-f-]{36}$`));
    const received = messageLog(editor).getByRole('article', { name: /Message from Transfero Ops/ });
    await expect(received).toContainText('Your BRL settlement is ready.');
    await expect(received).toContainText(`From: Transfero Ops <${PROVIDER_ADDRESS}>`);
    await expect(received).toContainText('To: me');

    // An empty reply is blocked; a reply with text and an uploaded PDF goes out.
    const box = editor.getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveAttribute('placeholder', 'Type a message...');
    await expect(editor.getByRole('button', { name: 'Send' })).toBeDisabled();
    await box.fill('   ');
    await box.press('Enter');
    await expect(messageLog(editor).getByRole('article', { name: 'Message from me' })).toHaveCount(0);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await editor.locator('input[type="file"]').setInputFiles({
      name: 'remittance.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(editor.getByRole('button', { name: 'Remove remittance.pdf' })).toBeVisible();
    await expect(editor.getByRole('progressbar', { name: 'Uploading remittance.pdf' })).toHaveCount(0);
    await box.fill('Thanks, received.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Best regards');
    await expect(box).toHaveValue('Thanks, received.\nBest regards');
    await box.press('Enter');

    const mine = messageLog(editor).getByRole('article', { name: 'Message from me' });
    await expect(mine).toContainText('Thanks, received.');
    await expect(mine.getByRole('link', { name: /remittance\.pdf/ })).toHaveAttribute('target', '_blank');
    await expect(mine).toContainText(`${pdf.length}.00 B`);
    await expect(box).toHaveValue('');
    await expect(editor.getByRole('button', { name: 'Remove remittance.pdf' })).toHaveCount(0);

    // Search goes over the organization's threads on the server.
    const search = editor.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('nomatchxyz');
    await expect(conversations(editor)).toContainText('No conversation matches “nomatchxyz”.');
    await expect(item).toHaveCount(0);
    await search.fill(subject.split(' ')[1] ?? '');
    await expect(item).toBeVisible();
    // The field takes no more than the API accepts (200 characters): no failed search, no error toast.
    await search.pressSequentially('y'.repeat(210 - (await search.inputValue()).length));
    await expect(search).toHaveValue(/^.{200}$/);
    await expect(conversations(editor)).toContainText(/No conversation matches/);
    await expect(editor.getByText('Search at most 200 characters')).toHaveCount(0);
    await search.fill('');

    // The outbox holds the reply, threaded to the provider's mail, with the attachment.
    const sent = await mailTo(editor.context().request, PROVIDER_ADDRESS, `Re: ${subject}`);
    expect(sent.text).toContain('Thanks, received.');
    expect(sent.from).toContain(mailboxOf(organization));
    expect(sent.inReplyTo).toBeTruthy();
    expect(sent.replyTo).toMatch(new RegExp(`^reply\\+[^@]+@${DEFAULT_CLIENT_MAIL_DOMAIN}$`));
    expect(sent.attachments).toEqual([
      expect.objectContaining({
        filename: 'remittance.pdf',
        contentType: 'application/pdf',
        byteSize: pdf.length,
      }),
    ]);

    // A Viewer on a phone: the list first (with the unread dot), then the thread, then back.
    const viewer = await memberWithRole(browser, baseURL, page, organization, 'Viewer', {
      viewport: { width: 390, height: 844 },
    });
    await viewer.goto(`/org/${organization.slug}/messages`);
    await appTookOver(viewer);
    const listed = conversations(viewer).getByRole('link', { name: new RegExp(subject) });
    await expect(listed).toBeVisible();
    await expect(listed.getByText('Unread')).toBeAttached();
    await expect(messageLog(viewer)).toHaveCount(0);
    await listed.click();
    await expect(messageLog(viewer).getByRole('article', { name: 'Message from me' })).toContainText(
      'Thanks, received.',
    );
    await expect(conversations(viewer)).toHaveCount(0);
    await expect(viewer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await viewer.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(listed).toBeVisible();
    await expect(listed.getByText('Unread')).toHaveCount(0);
    await expect(messageLog(viewer)).toHaveCount(0);

    await editor.context().close();
    await viewer.context().close();
  });

  test('a long conversation opens at its newest mail, keeps the reader in place while older pages load, and mounts only the rows in view', async ({
    page,
  }) => {
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, newEmail('admin'));
    const organization = await createOrganizationThroughApi(page, `Long ${suffix()}`, `long-${suffix()}`);
    // 120 mails: the newest page of 50, then two older pages.
    const texts = Array.from({ length: 120 }, (_, index) => `Report #${index + 1}. Settled.`);
    await sendProviderThread(mailboxOf(organization), `Reports ${suffix()}`, texts);
    const report = (number: number) =>
      messageLog(page)
        .getByRole('article')
        .filter({ hasText: `Report #${number}.` });

    // The first older page waits until the test has seen where the reader is.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let olderPages = 0;
    await page.route(/\/api\/v0\/messages\/[^/?]+\?before=/, async (route) => {
      olderPages += 1;
      if (olderPages === 1) await held;
      await route.continue();
    });

    await page.goto(`/org/${organization.slug}/messages`);
    await appTookOver(page);
    const log = messageLog(page);
    // Opens at the newest mail, at the bottom of the view. The server's render shows the newest mails
    // in a box that does not scroll; the browser's list, which the reader scrolls, replaces it: wait
    // for that one (scrolling the server's box would be lost when it goes).
    await expect(report(120)).toBeInViewport();
    await expect
      .poll(() =>
        log.evaluate((element) =>
          element.scrollHeight > element.clientHeight
            ? element.scrollHeight - element.clientHeight - element.scrollTop
            : Number.POSITIVE_INFINITY,
        ),
      )
      .toBeLessThanOrEqual(1);
    await expect(report(70)).toHaveCount(0);

    // At the top of the loaded mails the older page is asked for; the reader stays on #71 when it arrives.
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(page.getByLabel('Loading older messages')).toBeVisible();
    const topOf71 = () =>
      report(71).evaluate(
        (article) =>
          article.getBoundingClientRect().top -
          (article.closest('[role="log"]') as HTMLElement).getBoundingClientRect().top,
      );
    const before = await topOf71();
    release();
    await expect(report(70)).toBeAttached();
    await expect(page.getByLabel('Loading older messages')).toHaveCount(0);
    await expect.poll(async () => Math.abs((await topOf71()) - before)).toBeLessThanOrEqual(2);
    expect(await log.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

    // Scrolling on up reaches the first mail; only the rows around the view are in the page.
    await expect
      .poll(
        async () => {
          await log.evaluate((element) => {
            element.scrollTop = 0;
          });
          return report(1).count();
        },
        { timeout: budget(20_000) },
      )
      .toBe(1);
    await expect(report(1)).toBeInViewport();
    expect(await log.getByRole('article').count()).toBeLessThan(30);
  });
});
