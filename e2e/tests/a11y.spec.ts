import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { scan, useScheme, violationsInBothThemes } from '../support/axe';
import { appTookOver, DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';

/**
 * Every route of every area passes axe (WCAG 2.1 A and AA) in the light and the dark theme.
 *
 * The list of routes is read from the routers themselves (the shell's `router.tsx` and each remote's
 * `src/app/*.tsx`), so a route added there without a page below fails the first test.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const ORG = `/org/${DEMO_ORG_SLUG}`;

/** `shell:<path>` for the shell's route objects, `<remote>/<Area>:<path>` for a remote's <Route>s. */
function declaredRoutes(): string[] {
  const routes: string[] = [];
  const shell = readFileSync(join(ROOT, 'shell/src/app/router.tsx'), 'utf8');
  for (const match of shell.matchAll(/path: '([^']+)'/g)) routes.push(`shell:${match[1]}`);
  const remoteFiles: Record<string, string[]> = {
    'remote-messages': ['MessagesArea'],
    'remote-wallet': ['WalletArea'],
    'remote-rails': ['RailsArea', 'ExploreArea', 'OpenStableArea'],
    'remote-settings': ['UserSettingsArea', 'OpsReviewArea'],
  };
  for (const [remote, areas] of Object.entries(remoteFiles)) {
    for (const area of areas) {
      const source = readFileSync(join(ROOT, remote, 'src/app', `${area}.tsx`), 'utf8');
      for (const match of source.matchAll(/<Route\s+(index|path="([^"]+)")/g)) {
        routes.push(`${remote}/${area}:${match[2] ?? 'index'}`);
      }
    }
  }
  return routes;
}

/** Remote areas without a router of their own (one page each): the shell's route covers them. */
const REMOTE_FILES_WITHOUT_ROUTES = [
  'remote-rails/src/app/DepositPage.tsx',
  'remote-settings/src/app/ChangeEmailPage.tsx',
  'remote-settings/src/app/DocumentsPage.tsx',
  'remote-settings/src/app/InvitePage.tsx',
  'remote-settings/src/app/KybPage.tsx',
  'remote-settings/src/app/OrganizationSettingsPage.tsx',
];

type Who = 'anonymous' | 'demo' | 'operator';
interface Ids {
  thread: string;
  transaction: string;
  provider: string;
  providerAccount: string;
  review: string;
}
interface PageCase {
  name: string;
  who: Who;
  url: (ids: Ids) => string;
  /** The declared routes this visit renders. */
  covers: string[];
  /** Something on the page once it has settled. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first();

const PAGES: PageCase[] = [
  {
    name: 'sign in',
    who: 'anonymous',
    url: () => '/auth',
    covers: ['shell:auth'],
    ready: (page) => page.getByRole('textbox', { name: 'Email' }),
  },
  {
    name: 'allowlist',
    who: 'anonymous',
    url: () => '/auth/allowlist',
    covers: ['shell:allowlist'],
    ready: (page) => page.getByRole('link').first(),
  },
  {
    name: 'sign-in link (failed)',
    who: 'anonymous',
    url: () => '/auth/not-a-real-token',
    covers: ['shell:auth/:token'],
    ready: (page) => page.getByRole('alert'),
  },
  {
    name: 'e-mail change (bad link)',
    who: 'demo',
    url: () => '/change-email?token=not-a-real-token',
    covers: ['shell:change-email'],
    ready: (page) => page.getByRole('alert').first(),
  },
  {
    name: 'design system',
    who: 'anonymous',
    url: () => '/design-system',
    covers: ['shell:design-system'],
    ready: heading('Design system'),
  },
  {
    name: 'dev mailbox',
    who: 'anonymous',
    url: () => '/dev/mailbox',
    covers: ['shell:dev/mailbox'],
    ready: heading('Local outbox'),
  },
  {
    name: 'not found',
    who: 'anonymous',
    url: () => '/no/such/page',
    covers: ['shell:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'new organization',
    who: 'demo',
    url: () => '/organizations/new',
    covers: ['shell:organizations/new'],
    ready: (page) => page.getByRole('textbox').first(),
  },
  {
    name: 'organization overview',
    who: 'demo',
    url: () => ORG,
    covers: ['shell:org/:org'],
    ready: (page) => page.getByRole('navigation', { name: 'Organization' }),
  },
  {
    name: 'invite (new organization)',
    who: 'demo',
    url: () => `${ORG}/invite`,
    covers: ['shell:invite'],
    ready: (page) => page.getByRole('button').first(),
  },
  {
    name: 'not found in an organization',
    who: 'demo',
    url: () => `${ORG}/nowhere`,
    covers: [],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'settings: general',
    who: 'demo',
    url: () => `${ORG}/settings?tab=general`,
    covers: ['shell:settings'],
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'settings: members',
    who: 'demo',
    url: () => `${ORG}/settings?tab=members`,
    covers: [],
    ready: (page) => page.getByRole('table').first(),
  },
  {
    name: 'settings: danger zone',
    who: 'demo',
    url: () => `${ORG}/settings?tab=danger-zone`,
    covers: [],
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'messages',
    who: 'demo',
    url: () => `${ORG}/messages`,
    covers: ['shell:messages/*', 'remote-messages/MessagesArea::threadUid?'],
    ready: (page) => page.getByRole('link').filter({ hasText: /./ }).first(),
  },
  {
    name: 'message thread',
    who: 'demo',
    url: (ids) => `${ORG}/messages/${ids.thread}`,
    covers: [],
    ready: (page) => page.getByRole('textbox').first(),
  },
  {
    name: 'messages: not found',
    who: 'demo',
    url: () => `${ORG}/messages/a/b`,
    covers: ['remote-messages/MessagesArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'wallet',
    who: 'demo',
    url: () => `${ORG}/wallet`,
    covers: ['shell:wallet/*', 'remote-wallet/WalletArea:index'],
    ready: heading(/wallet/i),
  },
  {
    name: 'wallet: add signer',
    who: 'demo',
    url: () => `${ORG}/wallet/add-signer`,
    covers: ['remote-wallet/WalletArea:add-signer'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'wallet: signing device',
    who: 'demo',
    url: () => `${ORG}/wallet/signing-device`,
    covers: ['remote-wallet/WalletArea:signing-device'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    // The demo's wallet is not deployed: the page says so (safe-queue.spec.ts scans the form itself).
    name: 'wallet: send from the Safe',
    who: 'demo',
    url: () => `${ORG}/wallet/send`,
    covers: ['remote-wallet/WalletArea:send'],
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    // The demo has no Safe transaction: the page's "not found" (safe-queue.spec.ts scans a real one).
    name: 'wallet: transaction',
    who: 'demo',
    url: () => `${ORG}/wallet/transactions/0x${'0'.repeat(64)}`,
    covers: ['remote-wallet/WalletArea:transactions/:safeTxHash'],
    ready: (page) => page.getByRole('heading', { name: 'Transaction not found', level: 1 }),
  },
  {
    name: 'wallet: not found',
    who: 'demo',
    url: () => `${ORG}/wallet/nowhere`,
    covers: ['remote-wallet/WalletArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'documents',
    who: 'demo',
    url: () => `${ORG}/documents`,
    covers: ['shell:documents'],
    ready: heading('Documents'),
  },
  { name: 'KYB', who: 'demo', url: () => `${ORG}/kyb`, covers: ['shell:kyb'], ready: heading(/KYB/) },
  {
    name: 'rails (redirect)',
    who: 'demo',
    url: () => `${ORG}/rails`,
    covers: ['shell:rails', 'shell:rails/*', 'remote-rails/RailsArea:index'],
    ready: heading('Transactions'),
  },
  {
    name: 'transactions',
    who: 'demo',
    url: () => `${ORG}/rails/transactions`,
    covers: ['remote-rails/RailsArea:transactions'],
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'transaction',
    who: 'demo',
    url: (ids) => `${ORG}/rails/transactions/${ids.transaction}`,
    covers: ['remote-rails/RailsArea:transactions/:transaction'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'on-ramp',
    who: 'demo',
    url: () => `${ORG}/rails/on-ramp`,
    covers: ['remote-rails/RailsArea:on-ramp'],
    ready: heading(/on-ramp/i),
  },
  {
    name: 'off-ramp',
    who: 'demo',
    url: () => `${ORG}/rails/off-ramp`,
    covers: ['remote-rails/RailsArea:off-ramp'],
    ready: heading(/off-ramp/i),
  },
  {
    name: 'registered wallets',
    who: 'demo',
    url: () => `${ORG}/rails/blockchain-wallets`,
    covers: ['remote-rails/RailsArea:blockchain-wallets'],
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'bank beneficiaries',
    who: 'demo',
    url: () => `${ORG}/rails/bank-beneficiaries`,
    covers: ['remote-rails/RailsArea:bank-beneficiaries'],
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'rails: not found',
    who: 'demo',
    url: () => `${ORG}/rails/nowhere`,
    covers: ['remote-rails/RailsArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'deposit',
    who: 'demo',
    url: () => `${ORG}/deposit`,
    covers: ['shell:deposit'],
    ready: heading('Deposit'),
  },
  {
    name: 'explore',
    who: 'demo',
    url: () => `${ORG}/explore`,
    covers: ['shell:explore/*', 'remote-rails/ExploreArea:index'],
    ready: (page) => page.getByRole('article').first(),
  },
  {
    name: 'explore: provider',
    who: 'demo',
    url: (ids) => `${ORG}/explore/${ids.provider}`,
    covers: ['remote-rails/ExploreArea::providerUid'],
    // Another spec may have onboarded the demo organization with this provider before the scan.
    ready: (page) => page.getByRole('link', { name: /^(Start|View) onboarding$/ }),
  },
  {
    name: 'explore: not found',
    who: 'demo',
    url: () => `${ORG}/explore/a/b`,
    covers: ['remote-rails/ExploreArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'open stable',
    who: 'demo',
    url: () => `${ORG}/open-stable`,
    covers: ['shell:open-stable/*', 'remote-rails/OpenStableArea:index'],
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'open stable: onboard',
    who: 'demo',
    url: () => `${ORG}/open-stable/onboard`,
    covers: ['remote-rails/OpenStableArea:onboard'],
    ready: heading('Onboard'),
  },
  {
    name: 'open stable: provider account',
    who: 'demo',
    url: (ids) => `${ORG}/open-stable/${ids.providerAccount}`,
    covers: ['remote-rails/OpenStableArea::providerUid'],
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'open stable: not found',
    who: 'demo',
    url: () => `${ORG}/open-stable/a/b`,
    covers: ['remote-rails/OpenStableArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'profile',
    who: 'demo',
    url: () => '/settings',
    covers: ['shell:settings', 'shell:*', 'remote-settings/UserSettingsArea:index'],
    ready: heading(/profile/i),
  },
  {
    name: 'profile (direct)',
    who: 'demo',
    url: () => '/settings/profile',
    covers: ['remote-settings/UserSettingsArea:profile'],
    ready: heading(/profile/i),
  },
  {
    name: 'my invitations',
    who: 'demo',
    url: () => '/settings/invites',
    covers: ['remote-settings/UserSettingsArea:invites'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'signing devices',
    who: 'demo',
    url: () => '/settings/signing-devices',
    covers: ['remote-settings/UserSettingsArea:signing-devices'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'new signing device',
    who: 'demo',
    url: () => '/settings/signing-devices/new',
    covers: ['remote-settings/UserSettingsArea:signing-devices/new'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'user settings: not found',
    who: 'demo',
    url: () => '/settings/nowhere',
    covers: ['remote-settings/UserSettingsArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'compliance review: queue',
    who: 'operator',
    url: () => '/ops/kyb',
    covers: ['shell:ops/kyb', 'remote-settings/OpsReviewArea:index'],
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'compliance review: application',
    who: 'operator',
    url: (ids) => `/ops/kyb/${ids.review}`,
    covers: ['remote-settings/OpsReviewArea::organizationUid'],
    ready: (page) => page.getByRole('heading').first(),
  },
  {
    name: 'compliance review: not found',
    who: 'operator',
    url: () => '/ops/kyb/a/b',
    covers: ['remote-settings/OpsReviewArea:*'],
    ready: (page) => page.getByRole('heading', { name: 'Not Found' }),
  },
  {
    name: 'first organization (index)',
    who: 'operator',
    url: () => '/',
    covers: [],
    ready: (page) => page.getByRole('textbox').first(),
  },
];

test('every route declared in the routers has a page in the accessibility scan', () => {
  const declared = declaredRoutes();
  expect(declared.length).toBeGreaterThan(40);
  const covered = new Set(PAGES.flatMap((page) => page.covers));
  expect(declared.filter((route) => !covered.has(route))).toEqual([]);
  for (const file of REMOTE_FILES_WITHOUT_ROUTES) {
    expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toContain('<Route');
  }
});

test('the sidebar menus, open, pass axe in light and dark', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAIL);
  await page.goto(ORG);
  await appTookOver(page);
  for (const name of ['Switch organization', 'Account menu']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('menu', { name })).toBeVisible();
    expect(await violationsInBothThemes(page, name)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name })).toBeFocused();
  }
});

async function signedIn(browser: Browser, baseURL: string | undefined, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (email) await signInThroughApi(page, email);
  return page;
}

test.describe('every page passes axe (WCAG 2.1 A and AA) in light and dark', () => {
  // One test a page, shared by the two workers: as one test of 98 scans in a row, the file took 8.6
  // minutes of one worker on a slower machine while the other had finished its files.
  test.describe.configure({ mode: 'parallel' });
  // Each worker signs its three visitors in once and reuses their pages, as a person moving on would.
  let pages: Record<Who, Page>;
  let ids: Ids;

  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    pages = {
      anonymous: await signedIn(browser, baseURL),
      demo: await signedIn(browser, baseURL, DEMO_EMAIL),
      operator: await signedIn(browser, baseURL, 'ops@example.com'),
    };
    const demo = pages.demo.context().request;
    const organizations = await (await demo.get('/api/v0/me/organizations')).json();
    const acme = organizations.data.find((org: { slug: string }) => org.slug === DEMO_ORG_SLUG);
    const headers = { 'x-organization-uid': acme.uid };
    const first = async (path: string, request = demo) => {
      const answer = await (await request.get(`/api/v0/${path}`, { headers })).json();
      return answer.data[0];
    };
    ids = {
      thread: (await first('messages')).uid,
      transaction: (await first('rails/transactions')).uid,
      provider: (await first('providers')).uid,
      providerAccount: (await first('provider-accounts')).provider.uid,
      review: (await first('ops/kyb', pages.operator.context().request)).organizationUid,
    };
    expect(
      Object.values(ids).every((id) => typeof id === 'string' && id.length > 0),
      JSON.stringify(ids),
    ).toBe(true);
  });

  test.afterAll(async () => {
    for (const page of Object.values(pages ?? {})) await page.context().close();
  });

  // A11Y_PAGES="sign in,KYB" scans only those pages (for working on fixes).
  const only = process.env.A11Y_PAGES?.split(',');
  for (const entry of PAGES.filter((candidate) => !only || only.includes(candidate.name))) {
    test(entry.name, async () => {
      const page = pages[entry.who];
      const failures: string[] = [];
      await page.goto(entry.url(ids));
      await expect.soft(entry.ready(page), entry.name).toBeVisible();
      await appTookOver(page);
      // Skeletons and lazy chunks have gone once no progressbar or loader is left.
      if (entry.name !== 'design system') {
        await expect
          .soft(page.locator('[aria-busy="true"], .mantine-Loader-root'), entry.name)
          .toHaveCount(0);
      }
      // Every page has its level-one heading (it names the page).
      await expect.soft(page.getByRole('heading', { level: 1 }).first(), entry.name).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        const started = Date.now();
        const { lines, impacts } = await scan(page, scheme);
        // Per page and theme, the elements in violation by impact (the before/after table of issue 14).
        console.log(`axe\t${entry.name}\t${scheme}\t${JSON.stringify(impacts)}\t${Date.now() - started} ms`);
        for (const line of lines) {
          console.log(`  ${line}`);
          failures.push(`${entry.name} [${scheme}] ${line}`);
        }
      }
      await useScheme(page, 'light');
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
