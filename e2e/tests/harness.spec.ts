import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, httpStatus, test } from '../support/fixtures';
import { budget } from '../support/time-budget';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 4300) + 90;

test.describe('a remote run on its own', () => {
  let devServer: ChildProcess | undefined;

  test.afterAll(() => {
    if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  });

  test('`pnpm --filter remote-rails dev` serves the remote in its harness with a session', async ({
    page,
  }) => {
    test.setTimeout(budget(90_000));
    devServer = spawn(join(ROOT, 'remote-rails/node_modules/.bin/rsbuild'), ['dev'], {
      cwd: join(ROOT, 'remote-rails'),
      env: { ...process.env, PORT: String(port), API_PORT: '1' },
      detached: true,
      stdio: 'ignore',
    });
    await expect.poll(() => httpStatus(`http://127.0.0.1:${port}/`), { timeout: budget(60_000) }).toBe(200);

    await page.goto(`http://127.0.0.1:${port}/org/acme-treasury/rails/transactions?page=2`);
    await expect(page.getByText('remote-rails · standalone harness')).toBeVisible();
    // No API behind it here: the harness falls back to its offline demo session.
    await expect(page.getByText('Offline demo session')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    // The paging comes from the URL (page=2); with no API the list itself says it could not load.
    await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Open Stable' }).click();
    await expect(page.getByRole('heading', { name: 'Open Stable' })).toBeVisible();
  });
});
