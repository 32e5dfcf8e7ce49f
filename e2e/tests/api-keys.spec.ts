import { randomUUID } from 'node:crypto';
import {
  API_KEY_PATTERN,
  ZProvidersResponse,
  ZQuoteResponse,
  ZRegisteredWalletsResponse,
  ZTransferResponse,
} from '@dash/shared/contracts';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';

test.describe('organization API keys', () => {
  test('an Admin creates a key in Settings, copies its secret once, and a server starts an on-ramp with it', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/settings?tab=api-keys`);
    const name = `Treasury bot ${randomUUID().slice(0, 6)}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
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

    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?type=on_ramp`);
    const row = page
      .getByRole('table', { name: 'Transactions' })
      .getByRole('row')
      .filter({ hasText: amount });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/rails/transactions/${transfer.uid}$`));
  });
});
