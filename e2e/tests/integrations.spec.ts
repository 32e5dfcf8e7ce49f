import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_KEY_PATTERN,
  ZProvidersResponse,
  ZQuoteResponse,
  ZRegisteredWalletsResponse,
  ZTransferResponse,
} from '@dash/shared/contracts';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';

interface Received {
  id: string;
  body: { type: string; data: { transferUid?: string; status?: string } };
}

/** The organization's own system (an ERP): a real HTTP server the API posts its webhooks to. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ id: String(request.headers['webhook-id']), body: JSON.parse(body) });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('booked by the ERP');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

test.describe('for the systems around the dashboard', () => {
  test('an Admin creates a key and a webhook endpoint in Settings; a server starts an on-ramp with the key and its webhook is in the delivery log', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughApi(page, DEMO_EMAIL);
    const erp = await startReceiver();
    const endpointUrl = `http://localhost:${erp.port}/erp/${randomUUID().slice(0, 6)}`;
    const endpointRow = () =>
      page
        .getByRole('table', { name: 'Webhook endpoints' })
        .getByRole('row')
        .filter({ hasText: endpointUrl });
    try {
      // The key, its secret shown once.
      await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=api-keys`);
      const name = `Treasury bot ${randomUUID().slice(0, 6)}`;
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByText('it is shown only once')).toBeVisible();
      await page.getByRole('button', { name: 'Copy key' }).click();
      await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
      const secret = await page.evaluate(() => navigator.clipboard.readText());
      expect(secret).toMatch(API_KEY_PATTERN);
      await expect(page.getByTestId('api-key-secret')).toHaveText(secret);
      await page.getByRole('button', { name: 'Done' }).click();
      // Once dismissed, the secret is gone from the page: the list shows only its first characters.
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'API keys' })).toContainText(name);

      // The webhook endpoint, for new transfers.
      await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=webhooks`);
      await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpointUrl);
      await page.getByRole('checkbox', { name: 'Transfer created' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByText(/^whsec_/)).toBeVisible();
      await expect(endpointRow()).toContainText('Active');

      // A server: no cookie, no Origin, only the key.
      const server = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Bearer ${secret}` },
      });
      const providers = ZProvidersResponse.parse(await (await server.get('/api/v0/providers')).json()).data;
      const transfero = providers.find((provider) => provider.name === 'Transfero');
      const wallets = ZRegisteredWalletsResponse.parse(
        await (await server.get('/api/v0/rails/blockchain-wallets')).json(),
      ).data;
      const wallet = wallets.find((candidate) => candidate.name === 'Sandbox deposits');
      expect(transfero && wallet).toBeTruthy();
      const amount = `${300 + Math.floor(Math.random() * 600)}.37`;
      const quoted = await server.post('/api/v0/rails/quotes', {
        data: {
          providerUid: transfero?.uid,
          type: 'on_ramp',
          currency: 'BRL',
          network: 'polygon-amoy',
          amount,
        },
      });
      expect(quoted.status(), await quoted.text()).toBe(201);
      const quote = ZQuoteResponse.parse(await quoted.json()).data;
      const onRamp = { quoteUid: quote.uid, walletUid: wallet?.uid };
      // A money POST still needs its Idempotency-Key.
      expect((await server.post('/api/v0/rails/on-ramps', { data: onRamp })).status()).toBe(400);
      const started = await server.post('/api/v0/rails/on-ramps', {
        data: onRamp,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(started.status(), await started.text()).toBe(201);
      const transfer = ZTransferResponse.parse(await started.json()).data;
      await server.dispose();

      // The ERP hears of it, and the endpoint's delivery log shows what it answered.
      await expect
        .poll(() => erp.received.find((event) => event.body.data.transferUid === transfer.uid)?.body.type)
        .toBe('transfer.created');
      const delivered = erp.received.find(
        (event) => event.body.data.transferUid === transfer.uid,
      ) as Received;
      await page.reload();
      await endpointRow().getByRole('button', { name: 'Delivery log' }).click();
      const delivery = page
        .getByRole('table', { name: 'Delivery log' })
        .getByRole('row')
        .filter({ hasText: 'Transfer created' });
      await expect(delivery).toHaveCount(1);
      await expect(delivery).toContainText('Delivered (200)');
      await expect(delivery).toContainText('booked by the ERP');
      await expect(delivery).toContainText(delivered.id);

      // The transfer the key started is the organization's like any other.
      await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?type=on_ramp`);
      const row = page
        .getByRole('table', { name: 'Transactions' })
        .getByRole('row')
        .filter({ hasText: amount });
      await expect(row).toHaveCount(1);
      await row.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/rails/transactions/${transfer.uid}$`));
    } finally {
      // The demo organization is shared with the other specs: its endpoint goes with the receiver.
      await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=webhooks`);
      if ((await endpointRow().count()) > 0) {
        await endpointRow().getByRole('button', { name: 'Remove' }).click();
        await endpointRow().getByRole('button', { name: 'Remove endpoint' }).click();
        await expect(endpointRow()).toHaveCount(0);
      }
      erp.close();
    }
  });
});
