import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TRemoteEntry, ZReleasesStatusResponse, ZRemotesManifest } from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import {
  createOrganizationThroughApi,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  newEmail,
  signInThroughApi,
  test,
} from '../support/fixtures';
import { budget } from '../support/time-budget';

/**
 * Independent deploys against the running e2e stack: `pnpm release` (its CLI, driven as a release
 * manager would, on the stack's data directory) publishes and pins builds of remote-wallet, and the
 * dashboard follows on the next page load with no rebuild or restart.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PORT = process.env.E2E_PORT ?? '4300';
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const WALLET = `/org/${DEMO_ORG_SLUG}/wallet`;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * One `pnpm release …` run with the launcher's settings (its data directory and ports). The stack
 * under test runs the built API (api/dist), so the CLI runs built too: the same source as
 * `pnpm release`, without compiling the API again on every call.
 */
function release(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'api/dist/release-cli.js'), ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR, PORT, API_PORT: '' }, timeout: budget(90_000) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function releaseOk(...args: string[]): Promise<string> {
  const result = await release(...args);
  expect(result.code, `pnpm release ${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

async function manifest(organization?: string): Promise<{ wallet: TRemoteEntry | undefined; bytes: number }> {
  const query = organization ? `?organization=${organization}` : '';
  const response = await fetch(`http://127.0.0.1:${PORT}/api/v0/remotes${query}`);
  const text = await response.text();
  const wallet = ZRemotesManifest.parse(JSON.parse(text)).remotes.find(
    (remote) => remote.name === 'remote-wallet',
  );
  return { wallet, bytes: Buffer.byteLength(text) };
}

async function walletSeq(): Promise<number> {
  const status = ZReleasesStatusResponse.parse(JSON.parse(await releaseOk('status', '--json')));
  return status.remotes.find((remote) => remote.remote === 'remote-wallet')?.seq ?? 0;
}

/** Pins and reports how long after the command returned the manifest served the new version. */
async function pinAndTime(version: string): Promise<number> {
  await releaseOk('pin', 'remote-wallet', version, '--by', 'release-manager@e2e');
  const returned = performance.now();
  await expect.poll(async () => (await manifest()).wallet?.version, { intervals: [5] }).toBe(version);
  return performance.now() - returned;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

async function expectWalletBuild(page: Page, version: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
  await expect(page.getByText(`Wallet build ${version}`)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('independent deploys of remote-wallet', () => {
  test.beforeAll(async () => {
    test.setTimeout(budget(120_000));
    // Two builds of the same source that render different text (their build version).
    for (const version of ['0.9.0', '0.9.1']) {
      expect(await releaseOk('publish', 'remote-wallet', '--version', version)).toMatch(
        new RegExp(`Published remote-wallet@${version.replace(/\./g, '\\.')}`),
      );
    }
  });

  test.afterAll(async () => {
    // The other specs load remote-wallet from its preview server, as with no pins at all.
    await release('unpin', 'remote-wallet', '--by', 'e2e-cleanup');
    expect((await manifest()).wallet?.entry).toBe(`http://localhost:${Number(PORT) + 12}/mf-manifest.json`);
  });

  test('pin, pin again and roll back: each is live on the next page load', async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);

    const firstMs = await pinAndTime('0.9.0');
    await page.goto(WALLET);
    await expectWalletBuild(page, '0.9.0');

    const secondMs = await pinAndTime('0.9.1');
    await page.reload();
    await expectWalletBuild(page, '0.9.1');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'About' }).click();
    const about = page.getByRole('dialog', { name: 'About Dash' });
    await expect(about.getByRole('row', { name: 'remote-wallet 0.9.1 0.9.1' })).toBeVisible();
    await expect(about.getByRole('row', { name: /^Shell \d+\.\d+\.\d+/ })).toBeVisible();
    await page.keyboard.press('Escape');

    const stdout = await releaseOk('rollback', 'remote-wallet', '--by', 'release-manager@e2e');
    expect(stdout).toContain('Rolled back remote-wallet in production to 0.9.0 (was 0.9.1).');
    await page.reload();
    await expectWalletBuild(page, '0.9.0');

    const { bytes } = await manifest();
    console.log(
      `release pin -> manifest serving it: ${firstMs.toFixed(1)} ms and ${secondMs.toFixed(1)} ms; runtime manifest ${bytes} bytes`,
    );
    const history = await releaseOk('history', 'remote-wallet');
    expect(history).toMatch(/1\s+\S+\s+pin\s+0\.9\.0\s+\(configured\)/);
    expect(history).toMatch(/3\s+\S+\s+rollback\s+0\.9\.0\s+0\.9\.1/);
  });

  test('a release built against another React major is refused at pin, naming react', async () => {
    // A real build whose federation manifest says it needs React 18.
    const fixture = mkdtempSync(join(tmpdir(), 'dash-react18-'));
    try {
      cpSync(join(DATA_DIR, 'releases/remote-wallet/0.9.0/files'), fixture, { recursive: true });
      const manifestPath = join(fixture, 'mf-manifest.json');
      const build = JSON.parse(readFileSync(manifestPath, 'utf8'));
      build.metaData.buildInfo.buildVersion = '1.0.0-react18';
      for (const shared of build.shared) {
        if (shared.name.startsWith('react') && !shared.name.startsWith('react-router')) {
          shared.requiredVersion = '^18.3.1';
        }
      }
      chmodSync(manifestPath, 0o644);
      writeFileSync(manifestPath, JSON.stringify(build));
      await releaseOk('publish', 'remote-wallet', '--dir', fixture, '--version', '1.0.0-react18');
    } finally {
      rmSync(fixture, { recursive: true, force: true });
    }
    const shell = JSON.parse(readFileSync(join(ROOT, 'shell/dist/mf-manifest.json'), 'utf8'));
    const shellReact = shell.shared.find((shared: { name: string }) => shared.name === 'react').version;

    const refused = await release('pin', 'remote-wallet', '1.0.0-react18');

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('remote-wallet@1.0.0-react18 cannot be pinned in production');
    expect(refused.stderr).toContain(`react: the release requires ^18.3.1, the shell provides ${shellReact}`);
    expect((await manifest()).wallet?.version).toBe('0.9.0');
  });

  test('of two concurrent pins from the same view, one wins and the other is told what changed', async () => {
    const seen = String(await walletSeq());

    const [alice, bob] = await Promise.all([
      release('pin', 'remote-wallet', '0.9.1', '--expected-seq', seen, '--by', 'alice@e2e'),
      release('pin', 'remote-wallet', '0.9.1', '--expected-seq', seen, '--by', 'bob@e2e'),
    ]);

    expect([alice.code, bob.code].sort()).toEqual([0, 1]);
    const [winner, loser] = alice.code === 0 ? ['alice@e2e', bob] : ['bob@e2e', alice];
    expect(loser.stderr).toMatch(
      new RegExp(
        `^remote-wallet changed since you looked: it is now pinned to 0\\.9\\.1 \\(by ${winner} at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ\\)\\. Check \`pnpm release status\` and try again\\.`,
      ),
    );
    expect(await walletSeq()).toBe(Number(seen) + 1);
    expect((await manifest()).wallet?.version).toBe('0.9.1');
  });

  test("a canary pin shows the new version to the named organization's members only", async ({
    page,
    browser,
    baseURL,
  }) => {
    await releaseOk('rollback', 'remote-wallet');
    const suffix = Date.now().toString(36);
    const canary = `canary-${suffix}`;
    const other = `steady-${suffix}`;
    await signInThroughApi(page, newEmail('canary'));
    await createOrganizationThroughApi(page, 'Canary Org', canary);
    await createOrganizationThroughApi(page, 'Steady Org', other);

    await releaseOk('pin', 'remote-wallet', '0.9.1', '--orgs', canary);
    expect(await releaseOk('status')).toContain(`remote-wallet 0.9.1 for ${canary}`);

    await page.goto(`/org/${canary}/wallet`);
    await expectWalletBuild(page, '0.9.1');

    // Everyone else keeps 0.9.0: another organization of the same user, and the demo organization.
    await page.goto(`/org/${other}/wallet`);
    await expectWalletBuild(page, '0.9.0');
    const demo = await browser.newContext({ baseURL });
    try {
      const demoPage = await demo.newPage();
      await signInThroughApi(demoPage, DEMO_EMAIL);
      await demoPage.goto(WALLET);
      await expectWalletBuild(demoPage, '0.9.0');
    } finally {
      await demo.close();
    }

    // Switching to the canary organization in the app loads its build (a full page load).
    await page.getByRole('button', { name: 'Switch organization' }).click();
    await page.getByRole('menuitem', { name: 'Canary Org' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${canary}$`));
    await sidebar(page).getByRole('link', { name: 'Wallet' }).click();
    await expectWalletBuild(page, '0.9.1');
  });

  test('a pinned release whose files are gone fails in its area only, with Retry', async ({ page }) => {
    await releaseOk('pin', 'remote-wallet', '0.9.1');
    rmSync(join(DATA_DIR, 'releases/remote-wallet/0.9.1/files'), { recursive: true, force: true });
    await signInThroughApi(page, DEMO_EMAIL);

    await page.goto(WALLET);

    await expect(page.getByRole('alert')).toContainText('Wallet is unavailable right now');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The sidebar and another area keep working.
    await sidebar(page).getByRole('link', { name: 'Message Center' }).click();
    await expect(page.getByRole('heading', { name: 'Message Center', level: 1 })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByRole('alert')).toContainText('Wallet is unavailable right now');

    // Rolling back is the fix, live on the next load.
    await releaseOk('rollback', 'remote-wallet');
    await page.reload();
    await expectWalletBuild(page, '0.9.0');
  });
});
