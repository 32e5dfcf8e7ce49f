import { randomUUID } from 'node:crypto';
import {
  holdingsPath,
  ZHoldingsResponse,
  ZMyInvitationsResponse,
  ZMyOrganizationsResponse,
  ZTransactionsResponse,
  ZTransferDetailResponse,
} from '@dash/shared/contracts';
import type { Locator, Page } from '@playwright/test';
import { headOf, payFromExternalWallet, tokenBalance, units } from '../support/chain';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, newEmail, signInThroughApi, test } from '../support/fixtures';
import { budget } from '../support/time-budget';

/** Chooses the native select's option whose text matches: selectOption takes exact labels only. */
async function chooseMatching(select: Locator, text: RegExp) {
  const value = await select.locator('option').filter({ hasText: text }).getAttribute('value');
  await select.selectOption(value ?? '');
}

/** The sandbox provider of this stack (PORT+30) and the dev key of its Transfero account. */
const SANDBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 30}`;
const TRANSFERO_KEY = 'sk_sandbox_transfero_dev';

async function acmeUid(page: Page): Promise<string> {
  const organizations = ZMyOrganizationsResponse.parse(
    await (await page.context().request.get('/api/v0/me/organizations')).json(),
  );
  const acme = organizations.data.find((organization) => organization.slug === DEMO_ORG_SLUG);
  if (!acme) throw new Error('no demo organization');
  return acme.uid;
}

/** The off-ramp page with Transfero, the demo's Pix beneficiary Ana Souza and Polygon Amoy chosen. */
async function openOffRampToAna(page: Page) {
  await page.goto(`/org/${DEMO_ORG_SLUG}/rails/off-ramp`);
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Transfero' });
  await chooseMatching(page.getByRole('combobox', { name: 'Bank beneficiary' }), /^Ana Souza \(/);
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Polygon Amoy' });
}

test.describe('moving money with the sandbox provider', () => {
  test('a BRL on-ramp shows the Pix BR Code, the sandbox marks it paid, and the page completes by itself', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const organizationUid = await acmeUid(page);
    // Other tests of the suite move money in this organization too: this one counts its own.
    const onRampsOf250 = async () =>
      ZTransactionsResponse.parse(
        await (
          await page.context().request.get('/api/v0/rails/transactions?size=100&type=on_ramp', {
            headers: { 'x-organization-uid': organizationUid },
          })
        ).json(),
      )
        .data.filter((transfer) => transfer.sourceAmount === '250.00')
        .map((transfer) => transfer.uid);
    const before = await onRampsOf250();
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/on-ramp`);
    await expect(page.getByRole('heading', { name: 'On-ramp' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Transfero' });
    await chooseMatching(page.getByRole('combobox', { name: 'Target wallet' }), /Sandbox deposits/);
    await page.getByRole('textbox', { name: /Amount/ }).fill('0');
    await page.getByRole('button', { name: 'Get quote' }).click();
    await expect(page.getByText('Amount must be positive')).toBeVisible();
    // Fiat is typed to the cent: a third decimal is refused, never rounded into the quote.
    await page.getByRole('textbox', { name: /Amount/ }).fill('250.001');
    await page.getByRole('button', { name: 'Get quote' }).click();
    await expect(page.getByText('Enter the amount with at most 2 decimal places')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quote' })).toHaveCount(0);
    await page.getByRole('textbox', { name: /Amount/ }).fill('250.00');
    await page.getByRole('button', { name: 'Get quote' }).click();
    const quote = page.getByRole('region', { name: 'Quote' });
    await expect(quote).toContainText('You receive: 247.75 testbrz');
    await expect(quote).toContainText(/Expires in \d+ s/);
    // A double click sends one submission's key twice: one transfer.
    await quote.getByRole('button', { name: 'Confirm' }).dblclick();

    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/rails/transactions/[0-9a-f-]{36}$`));
    const brCode = page.getByLabel('Pix BR Code');
    await expect(brCode).toContainText(/^000201/);
    await expect(page.getByRole('img', { name: 'Pix QR code' })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');
    await expect(page.getByText('1 BRL = 1 testbrz', { exact: true })).toBeVisible();

    const transferUid = page.url().split('/').at(-1) ?? '';
    const detail = ZTransferDetailResponse.parse(
      await (
        await page.context().request.get(`/api/v0/rails/transactions/${transferUid}`, {
          headers: { 'x-organization-uid': organizationUid },
        })
      ).json(),
    ).data;
    const walletAddress = detail.wallet?.address ?? '';
    const balanceBefore = await tokenBalance('polygon-amoy', 'testbrz', walletAddress);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    const paid = await page
      .context()
      .request.post(`${SANDBOX_URL}/v1/sandbox/transfers/${detail.providerReference}/funds-received`, {
        headers: { authorization: `Bearer ${TRANSFERO_KEY}`, 'idempotency-key': randomUUID() },
        data: {},
      });
    expect(paid.status()).toBe(200);
    await expect(page.getByLabel('Status')).toHaveText('Completed', { timeout: budget(15_000) });
    // The sandbox sent the tokens on the local polygon-amoy chain, and the API saw them there: the
    // wallet holds exactly the amount the page shows more, and the hash names no public explorer.
    expect(await tokenBalance('polygon-amoy', 'testbrz', walletAddress)).toBe(
      balanceBefore + units('polygon-amoy', 'testbrz', '247.75'),
    );
    await expect(page.getByText(/^0x[0-9a-f]{64} \(local chain: no public explorer\)$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^0x[0-9a-f]{64}$/ })).toHaveCount(0);
    const timeline = page.getByRole('table', { name: 'Timeline' });
    await expect(timeline.getByRole('row')).toHaveCount(5);
    expect(navigations).toBe(0);

    // The double click created one transfer: the one this page opened.
    expect((await onRampsOf250()).filter((uid) => !before.includes(uid))).toEqual([transferUid]);
  });

  test('an off-ramp paid from an external wallet moves to funds received only once its tokens arrive on chain', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await openOffRampToAna(page);
    await expect(page.getByRole('combobox', { name: 'Paid from' }).locator('option:checked')).toHaveText(
      'An external wallet',
    );
    // Below any approval threshold another test may set meanwhile (100).
    await page.getByRole('textbox', { name: /Amount/ }).fill('50');
    await page.getByRole('button', { name: 'Get quote' }).click();
    await page.getByRole('region', { name: 'Quote' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');
    const address = (await page.getByLabel('Deposit address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The payment request a wallet reads: the local testbrz, chain 80002, this address, 50 tokens.
    await expect(page.getByLabel('Payment request (EIP-681)')).toHaveText(
      `ethereum:0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352@80002/transfer?address=${address}&uint256=${units('polygon-amoy', 'testbrz', '50')}`,
    );
    await expect(page.getByRole('img', { name: 'QR code of the payment request' })).toBeVisible();

    // Nothing sent: nothing received, once the sandbox's watcher has read the chain past now.
    const head = await headOf('polygon-amoy');
    await expect
      .poll(
        async () => {
          const health = (await (await page.context().request.get(`${SANDBOX_URL}/v1/health`)).json()) as {
            watchedBlocks?: Record<string, string>;
          };
          return BigInt(health.watchedBlocks?.['80002'] ?? '-1') >= head;
        },
        { timeout: budget(15_000) },
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');

    // A stranger's wallet pays the exact amount on chain: the provider sees it and the page follows.
    await payFromExternalWallet('polygon-amoy', 'testbrz', address, '50');
    expect(await tokenBalance('polygon-amoy', 'testbrz', address)).toBe(
      units('polygon-amoy', 'testbrz', '50'),
    );
    await expect(page.getByLabel('Status')).not.toHaveText('Awaiting funds', { timeout: budget(15_000) });
    await expect(page.getByRole('table', { name: 'Timeline' })).toContainText('Funds received');

    // The ledger and the chain agree for every wallet: on-ramps delivered what they booked, and an
    // off-ramp paid from outside took nothing from them.
    await page.goto(`/org/${DEMO_ORG_SLUG}`);
    const agree = page.getByText(
      'The ledger and the chain agree for the Safe and every registered wallet on a watched network.',
    );
    await expect(agree).toBeVisible({ timeout: budget(15_000) });

    // A stranger sends tokens to a registered wallet, for no transfer: the page lists an incoming
    // deposit booked to the ledger, and the two still agree.
    const holdings = ZHoldingsResponse.parse(
      await (await page.context().request.get(`/api/v0/${holdingsPath(await acmeUid(page))}`)).json(),
    ).data;
    const wallet = holdings.wallets.find(
      (candidate) => candidate.kind === 'registered' && candidate.network === 'polygon-amoy',
    );
    expect(wallet?.name).toBeTruthy();
    const amount = `7.${String(Date.now() % 1000).padStart(3, '0')}1`;
    await payFromExternalWallet('polygon-amoy', 'testbrz', wallet?.address ?? '', amount);
    const incoming = page.getByRole('table', { name: 'Incoming deposits' });
    const row = incoming
      .getByRole('row')
      .filter({ hasText: wallet?.name ?? '' })
      .filter({
        hasText: `${amount} testbrz`,
      });
    await expect(row).toHaveCount(1, { timeout: budget(15_000) });
    await expect(agree).toBeVisible();
  });

  test('the transactions list pages, filters and exports exactly the filtered set as CSV', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions?size=5&page=abc`);
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Returned' });
    await expect(page).toHaveURL(/status=returned/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Returned');

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain('status=returned');
    const csv = await page.context().request.get(href ?? '');
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',returned,');

    await table.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /Off-ramp of/ })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The receiving account is closed.');
  });

  test('an off-ramp above the approval threshold waits for a second member, who approves it; another is withdrawn by its creator', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two members, two off-ramps: about 20 s on an idle CI machine.
    test.setTimeout(budget(60_000));
    await signInThroughApi(page, DEMO_EMAIL);
    const organizationUid = await acmeUid(page);
    const headers = { 'x-organization-uid': organizationUid };
    const request = page.context().request;
    // The Admin sets the threshold in Settings > General.
    await page.goto(`/org/${DEMO_ORG_SLUG}/settings`);
    const approvals = page.getByRole('form', { name: 'Off-ramp approvals' });
    await approvals.getByRole('textbox', { name: 'Approval threshold (stablecoin amount)' }).fill('100');
    await approvals.getByRole('button', { name: 'Save approval threshold' }).click();
    await expect(
      approvals.getByText("Off-ramps above 100.00 need a second member's approval."),
    ).toBeVisible();
    try {
      await openOffRampToAna(page);
      await page.getByRole('textbox', { name: /Amount/ }).fill('500');
      await page.getByRole('button', { name: 'Get quote' }).click();
      await page.getByRole('region', { name: 'Quote' }).getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText("Waiting for a second member's approval")).toBeVisible();
      await expect(page.getByLabel('Status')).toHaveText('Awaiting approval');
      // The creator cannot approve their own transfer.
      await expect(page.getByRole('button', { name: 'Approve transfer' })).toHaveCount(0);
      const transferPath = new URL(page.url()).pathname;

      const email = newEmail('editor');
      const invited = await request.post('/api/v0/organization/invitations', {
        headers,
        data: { email, role: 'Editor' },
      });
      expect(invited.status()).toBe(201);
      const context = await browser.newContext({ baseURL });
      const editor = await context.newPage();
      await signInThroughApi(editor, email);
      const mine = ZMyInvitationsResponse.parse(
        await (await context.request.get('/api/v0/me/invitations')).json(),
      );
      const invitation = mine.data.find((candidate) => candidate.organization.uid === organizationUid);
      expect((await context.request.post(`/api/v0/me/invitations/${invitation?.uid}/accept`)).ok()).toBe(
        true,
      );
      await editor.goto(transferPath);
      await editor.getByRole('button', { name: 'Approve transfer' }).click();
      await expect(editor.getByLabel('Status')).toHaveText('Awaiting funds');
      await expect(editor.getByLabel('Deposit address')).toContainText(/^0x[0-9a-fA-F]{40}$/);
      await context.close();
      // The creator's page moves on by itself.
      await expect(page.getByLabel('Status')).toHaveText('Awaiting funds');

      // A second one, above the threshold too, is withdrawn by its creator with a reason.
      const first = ZTransferDetailResponse.parse(
        await (
          await request.get(`/api/v0${transferPath.replace(/^.*\/rails\//, '/rails/')}`, { headers })
        ).json(),
      ).data;
      const quote = await request.post('/api/v0/rails/quotes', {
        headers,
        data: {
          providerUid: first.provider.uid,
          type: 'off_ramp',
          currency: 'BRL',
          network: 'polygon-amoy',
          amount: '200',
        },
      });
      expect(quote.status()).toBe(201);
      const second = await request.post('/api/v0/rails/off-ramps', {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        data: { quoteUid: (await quote.json()).data.uid, bankBeneficiaryUid: first.bankBeneficiary?.uid },
      });
      expect(second.status()).toBe(201);
      await page.goto(`/org/${DEMO_ORG_SLUG}/rails/transactions/${(await second.json()).data.uid}`);
      await expect(page.getByLabel('Status')).toHaveText('Awaiting approval');
      await page.getByRole('button', { name: 'Cancel off-ramp' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this off-ramp?' });
      await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Wrong amount');
      await dialog.getByRole('button', { name: 'Cancel off-ramp' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByLabel('Status')).toHaveText('Canceled');
      // The reason is on the transfer (beside the notification that says it is done).
      await expect(
        page.getByRole('alert').filter({ hasText: `Canceled by ${DEMO_EMAIL}: Wrong amount` }),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'Timeline' })).toContainText(`Canceled by ${DEMO_EMAIL}`);
    } finally {
      await request.put('/api/v0/rails/settings', { headers, data: { offRampApprovalThreshold: null } });
    }
  });
});
