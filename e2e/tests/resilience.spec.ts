import {
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  httpStatus,
  launcherProcesses,
  signInThroughApi,
  test,
} from '../support/fixtures';

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

    await expect.poll(() => httpStatus(manifest), { timeout: 30_000 }).toBe(200);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Message Center', level: 1 })).toBeVisible();
  });
});
