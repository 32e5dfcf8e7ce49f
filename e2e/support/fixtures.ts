import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type TOrganization,
  type TOutboxMail,
  ZMailboxResponse,
  ZOrganizationResponse,
} from '@dash/shared/contracts';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

export function magicLinkOf(mail: TOutboxMail): string {
  const link = mail.links.find((candidate) => candidate.includes('/auth/'));
  if (!link) throw new Error(`no sign-in link in "${mail.subject}"`);
  return link;
}

/** Signs in through the API (magic link from the outbox); the browser context keeps the cookie. */
export async function signInThroughApi(page: Page, email: string): Promise<void> {
  const request = page.context().request;
  const asked = await request.post('/api/v0/auth', { data: { email } });
  expect(asked.status()).toBe(202);
  const token = new URL(magicLinkOf(await latestMailTo(request, email))).pathname.split('/').pop();
  const verified = await request.post(`/api/v0/auth/${token}`, { data: {} });
  expect(verified.ok()).toBe(true);
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
