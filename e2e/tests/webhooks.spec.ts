import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOrganizationThroughApi,
  expect,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';

test.describe('webhooks', () => {
  test('an Admin adds an endpoint, sends a test event and sees it delivered in the log', async ({ page }) => {
    // The receiver: a real HTTP server the API posts to.
    const received: { id: string | undefined; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push({ id: request.headers['webhook-id'] as string | undefined, body });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the receiver');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      await signInThroughApi(page, newEmail('admin'));
      const organization = await createOrganizationThroughApi(page, `Hooks ${suffix()}`, `hooks-${suffix()}`);
      await page.goto(`/org/${organization.slug}/settings?tab=webhooks`);

      await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(`http://localhost:${port}/hooks`);
      await page.getByRole('checkbox', { name: 'Message received' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      // The secret is shown once, right after it was made.
      await expect(page.getByText(/^whsec_/)).toBeVisible();

      const endpoints = page.getByRole('table', { name: 'Webhook endpoints' });
      await endpoints.getByRole('button', { name: 'Send a test event' }).click();
      const row = page
        .getByRole('table', { name: 'Delivery log' })
        .getByRole('row')
        .filter({ hasText: 'Test event' });
      await expect(row).toContainText('Delivered (200)');
      await expect(row).toContainText('thanks from the receiver');
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
      await expect(row).toContainText(received[0]?.id ?? 'no id');
    } finally {
      receiver.close();
    }
  });
});
