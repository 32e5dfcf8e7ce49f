import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_CLIENT_MAIL_DOMAIN,
  type TInvitation,
  type TOrganization,
  type TOutboxMail,
  ZInvitationResponse,
  ZMailboxResponse,
  ZOrganizationResponse,
} from '@dash/shared/contracts';
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type FileChooser,
  type Page,
} from '@playwright/test';
import nodemailer from 'nodemailer';
import { signInByMagicLink } from './magic-link.mjs';

/** A fresh address for each test, so tests never share a user. */
export const newEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export async function latestMailTo(request: APIRequestContext, email: string): Promise<TOutboxMail> {
  let found: TOutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/v0/dev/mailbox');
      found = ZMailboxResponse.parse(await response.json()).find((mail) => mail.to === email);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${email}`);
  return found;
}

/**
 * The first mail to `email` whose subject matches (a RegExp, or a string the subject starts with),
 * polled: mails are sent by a job.
 */
export async function mailTo(
  request: APIRequestContext,
  email: string,
  subject: RegExp | string,
): Promise<TOutboxMail> {
  const matches = (text: string) =>
    typeof subject === 'string' ? text.startsWith(subject) : subject.test(text);
  let found: TOutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v0/dev/mailbox?to=${encodeURIComponent(email)}`);
      found = ZMailboxResponse.parse(await response.json()).find((mail) => matches(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${email} matching ${subject}`);
  return found;
}

/**
 * Waits until the app runs the page. A page the server rendered (the Message Center) shows before
 * it answers: its markup is inert until the app's first render replaces it, so focus, keys, a
 * scroll set from the test or an accessibility scan before then act on markup about to go.
 * Playwright's clicks wait for it by themselves (inert content receives no pointer events).
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * The file choosers `page` opens, in order: `next()` gives the next one. Listening for them turns on
 * Playwright's interception of the browser's file dialog, but without waiting for it (the listener's
 * subscription is sent and not answered), and it goes off again with the last listener. So a
 * `waitForEvent('filechooser')` just before the click races the click, and on a busy machine the
 * click won: the dialog opened uninterrupted and no chooser ever came. Take this once, early in the
 * test (before the page loads), and the interception stays on for the test's every upload.
 */
export function fileChoosers(page: Page): { next: () => Promise<FileChooser> } {
  const opened: FileChooser[] = [];
  const waiting: ((chooser: FileChooser) => void)[] = [];
  page.on('filechooser', (chooser) => {
    const take = waiting.shift();
    if (take) take(chooser);
    else opened.push(chooser);
  });
  return {
    next: () => {
      const chooser = opened.shift();
      return chooser ? Promise.resolve(chooser) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

export function magicLinkOf(mail: TOutboxMail): string {
  const link = mail.links.find((candidate) => candidate.includes('/auth/'));
  if (!link) throw new Error(`no sign-in link in "${mail.subject}"`);
  return link;
}

/**
 * Signs in through the API (magic link from the outbox); the browser context keeps the cookie. Spec
 * files run side by side and several sign the demo user in: see signInByMagicLink.
 */
export async function signInThroughApi(page: Page, email: string): Promise<void> {
  await signInByMagicLink(page.context().request, email);
}

export async function createOrganizationThroughApi(
  page: Page,
  name: string,
  slug: string,
): Promise<TOrganization> {
  const response = await page.context().request.post('/api/v0/organization', { data: { name, slug } });
  expect(response.status()).toBe(201);
  return ZOrganizationResponse.parse(await response.json()).data;
}

/** Invites `email` into the organization through the API, as the Admin signed in on `admin`. */
export async function inviteThroughApi(
  admin: Page,
  organization: TOrganization,
  email: string,
  role: 'Admin' | 'Editor' | 'Viewer',
): Promise<TInvitation> {
  const invited = await admin.context().request.post('/api/v0/organization/invitations', {
    data: { email, role },
    headers: { 'x-organization-uid': organization.uid },
  });
  expect(invited.status()).toBe(201);
  return ZInvitationResponse.parse(await invited.json()).data;
}

/**
 * A new user signed in (in a browser context of their own, with `viewport` when given) and made a
 * member with `role` through an invitation they accept; `email` is theirs when given.
 */
export async function memberWithRole(
  browser: Browser,
  baseURL: string | undefined,
  admin: Page,
  organization: TOrganization,
  role: 'Admin' | 'Editor' | 'Viewer',
  {
    viewport,
    email = newEmail(role.toLowerCase()),
  }: { viewport?: { width: number; height: number }; email?: string } = {},
): Promise<Page> {
  const invitation = await inviteThroughApi(admin, organization, email, role);
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signInThroughApi(page, email);
  const accepted = await context.request.post(`/api/v0/me/invitations/${invitation.uid}/accept`, {
    data: {},
  });
  expect(accepted.ok()).toBe(true);
  return page;
}

/** A provider the seed creates (providers are global records), and one of the addresses it writes from. */
export const PROVIDER_NAME = 'Transfero';
export const PROVIDER_ADDRESS = 'ops@transfero.example';

/** An organization's mailbox address (where providers write to it). */
export const mailboxOf = (organization: TOrganization) =>
  `${organization.slug}@${DEFAULT_CLIENT_MAIL_DOMAIN}`;

/** A provider's mail, delivered to the API's embedded SMTP listener like any mail server would. */
export async function sendProviderMail(to: string, subject: string, text: string): Promise<void> {
  await sendProviderThread(to, subject, [text]);
}

/**
 * The provider's mails of one conversation, over one SMTP connection: the first with `subject`, each
 * next one a reply (In-Reply-To and References) to the one before, in order.
 */
export async function sendProviderThread(to: string, subject: string, texts: string[]): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.E2E_PORT ?? 4300) + 25,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 1,
  });
  const messageIds: string[] = [];
  try {
    for (const [index, text] of texts.entries()) {
      const messageId = `<${randomUUID()}@transfero.example>`;
      await transport.sendMail({
        from: `Transfero Ops <${PROVIDER_ADDRESS}>`,
        to,
        subject: index === 0 ? subject : `Re: ${subject}`,
        text,
        messageId,
        ...(index > 0 ? { inReplyTo: messageIds.at(-1), references: [...messageIds] } : {}),
      });
      messageIds.push(messageId);
    }
  } finally {
    transport.close();
  }
}

/** A short random suffix for names and slugs, so tests never share data. */
export const suffix = () => randomUUID().slice(0, 6);

/** The HTTP status a URL answers with, or 0 when nothing answers (a stopped server). */
export function httpStatus(url: string): Promise<number> {
  return fetch(url).then(
    (response) => response.status,
    () => 0,
  );
}

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_ORG_SLUG = 'acme-treasury';

interface LauncherProcesses {
  launcher: number;
  processes: Record<string, { pid: number; port: number }>;
}

/** The processes the launcher runs (written to the data directory), for stopping one remote. */
export function launcherProcesses(): LauncherProcesses {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return JSON.parse(readFileSync(join(dataDir, 'processes.json'), 'utf8')) as LauncherProcesses;
}

export const test = base;
export { expect };
