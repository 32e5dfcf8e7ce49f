import {
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  httpStatus,
  launcherProcesses,
  signInThroughApi,
  test,
} from '../support/fixtures';
import { budget } from '../support/time-budget';

test.describe('a remote that is down', () => {
  test('only its area fails, with Retry, while the sidebar and other areas keep working', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const { launcher, processes } = launcherProcesses();
    const messages = processes['remote-messages'];
    if (!messages) throw new Error('remote-messages is not running');
    process.kill(-messages.pid, 'SIGTERM');
    const manifest = `http://127.0.0.1:${messages.port}/mf-manifest.json`;
    await expect.poll(() => httpStatus(manifest)).toBe(0);

    try {
      await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
      await expect(page.getByRole('alert')).toContainText('Message Center is unavailable right now');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

      // The rest of the dashboard works: the sidebar navigates and another remote loads.
      await page.getByRole('link', { name: 'Wallet' }).click();
      await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Message Center' }).click();
      await expect(page.getByRole('alert')).toContainText('Message Center is unavailable right now');
    } finally {
      process.kill(launcher, 'SIGUSR2'); // the launcher starts the stopped remote again
    }

    await expect.poll(() => httpStatus(manifest), { timeout: budget(30_000) }).toBe(200);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Message Center', level: 1 })).toBeVisible();
  });
});

test.describe('a service that crashes', () => {
  test('the launcher starts the API, the sandbox provider and the dev chain again, and the signed-in dashboard works on', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const before = launcherProcesses().processes;
    const crashed = ['api', 'sandbox-provider', 'dev-chain'] as const;
    for (const name of crashed) {
      const service = before[name];
      if (!service) throw new Error(`${name} is not running`);
      process.kill(-service.pid, 'SIGKILL');
    }

    // Each comes back as a new process (after a second), with the state it kept in the data directory.
    for (const name of crashed) {
      await expect
        .poll(() => launcherProcesses().processes[name]?.pid, { timeout: budget(30_000) })
        .not.toBe(before[name]?.pid);
    }
    const sandbox = before['sandbox-provider'];
    await expect
      .poll(() => httpStatus(`http://127.0.0.1:${sandbox?.port}/v1/health`), { timeout: budget(30_000) })
      .toBe(200);
    await expect
      .poll(
        async () => {
          const answer = await fetch(`http://127.0.0.1:${before['dev-chain']?.port}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          }).then(
            (response) => response.json() as Promise<{ result?: string }>,
            () => ({ result: undefined }),
          );
          return answer.result;
        },
        { timeout: budget(30_000) },
      )
      .toBe('0x66eee');
    // A connection kept from before the crash fails once: that attempt counts as not answered.
    await expect
      .poll(
        () =>
          page.request.get('/api/v0/health').then(
            (response) => response.status(),
            () => 0,
          ),
        { timeout: budget(30_000) },
      )
      .toBe(200);

    // The session is the database's, so the signed-in page loads as before the crash.
    await page.goto(`/org/${DEMO_ORG_SLUG}`);
    const balances = page.getByRole('region', { name: 'Balances' });
    await expect(balances.getByRole('link', { name: /transactions in BRL$/ }).first()).toBeVisible();
  });
});
