// Interaction to Next Paint of the Safe's interactions (issue 51: under 100 ms at 4x CPU), on the
// built dashboard the caller started: confirm a queued transaction with the signing device, open a
// queued transaction from the wallet's queue, and switch the off-ramp's "Paid from".
//
// The demo user's organization gets, through the API, what the pages need: a signing device of a
// fresh key proved with its challenge, a 1 out of 1 Safe of that key deployed on the local chain, a
// registered wallet to pay, one queued transfer per run, and the sandbox provider's account. The
// page has that key's wallet injected (the e2e suite's EIP-1193 stand-in), is loaded at full speed,
// then the CPU is throttled and each interaction is done as a user does it; INP is read as inp.mjs
// reads it (as web-vitals does). Figures only.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { injectBrowserWallet } from '../support/browser-wallet.mjs';
import { clickAsUser, cpuThrottle, inpOf, observeInteractions, runAlone, summary } from './inp.mjs';
import { signedInContext, sizeWindow } from './stack.mjs';

const ORG = '/org/acme-treasury';
const NETWORK = 'arbitrum-sepolia';

/** The demo organization's Safe scene, through the API as the demo user. */
async function arrange(request, runs) {
  const json = async (response, what) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const me = (await json(await request.get('/api/v0/me'), 'me')).data;
  const organization = (await json(await request.get('/api/v0/me/organizations'), 'organizations')).data.find(
    (candidate) => candidate.slug === 'acme-treasury',
  );
  const headers = { 'x-organization-uid': organization.uid };
  const post = async (path, data) =>
    json(
      await request.post(`/api/v0/${path}`, {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        data,
      }),
      `POST ${path}`,
    );
  const get = async (path) => json(await request.get(`/api/v0/${path}`, { headers }), `GET ${path}`);
  const poll = async (what, check) => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${what}: still not there after a minute`);
  };

  const privateKey = generatePrivateKey();
  const key = privateKeyToAccount(privateKey);
  const challenge = (await post('profile/signing-devices/challenges', { ethAddress: key.address })).data;
  const device = (
    await post('profile/signing-devices', {
      name: 'Bench key',
      ethAddress: key.address,
      proof: {
        challengeUid: challenge.uid,
        signature: await key.signMessage({ message: challenge.message }),
      },
    })
  ).data;
  await post('wallet/signer/propose', { userUid: me.uid });
  await post('wallet/signer/signing-device', { signingDeviceUid: device.uid });
  await post('wallet/deploy', { threshold: 1 });
  await poll('the Safe', async () => (await get('wallet')).data.status === 'deployed');

  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = (
    await post('rails/blockchain-wallets', { network: NETWORK, address: payee, name: 'Bench payee' })
  ).data;
  const amounts = Array.from({ length: runs }, (_, run) => `${run + 1}.25`);
  for (const amount of amounts) {
    await post('wallet/transactions', { kind: 'transfer', symbol: 'USDC', amount, walletUid: wallet.uid });
  }

  const provider = (await get('providers')).data.find((candidate) => candidate.name === 'Bitso');
  await post('provider-accounts', { providerUid: provider.uid });
  await poll('the provider account', async () =>
    (await get('provider-accounts')).data.some(
      (account) => account.provider.uid === provider.uid && account.status === 'Active',
    ),
  );
  return { privateKey, amounts, providerUid: provider.uid };
}

/**
 * Measures the three interactions `runs` times each on `base` (the demo data, a fresh data
 * directory: the scene is added to it) with the CPU `cpu` times slower. Answers, per interaction,
 * the median and the worst of the runs.
 */
export async function walletInp(browser, base, { runs = 5, cpu = 4 } = {}) {
  const context = await signedInContext(browser, base, { baseURL: base, viewport: null });
  const { privateKey, amounts, providerUid } = await arrange(context.request, runs);
  const page = await context.newPage();
  await sizeWindow(context, page, { width: 1440, height: 900 });
  await injectBrowserWallet(page, { privateKey });
  await observeInteractions(page);
  const throttled = await cpuThrottle(context, page);

  const figures = { open: [], confirm: [], payFrom: [] };
  for (const amount of amounts) {
    const title = new RegExp(`^Send ${amount.replace('.', '\\.')} USDC to Bench payee`);
    await page.goto(`${base}${ORG}/wallet`, { waitUntil: 'networkidle' });
    const link = page.getByRole('link', { name: title });
    await link.waitFor();
    await throttled(cpu);
    figures.open.push(
      await inpOf(page, async () => {
        await clickAsUser(page, link);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      }),
    );
    const confirm = page.getByRole('button', { name: 'Confirm with signing device' });
    await confirm.waitFor();
    figures.confirm.push(
      await inpOf(page, async () => {
        await clickAsUser(page, confirm);
        await confirm.waitFor({ state: 'detached', timeout: 60_000 });
      }),
    );
    await throttled(1);

    await page.goto(
      `${base}${ORG}/rails/off-ramp?providerUid=${providerUid}&currency=MXN&network=${NETWORK}`,
      {
        waitUntil: 'networkidle',
      },
    );
    // A native select: opening it runs no script of the page (and a click on the browser's own list
    // is no event Event Timing sees), so the switch is measured as a key press on the focused
    // select, which changes its value: the Safe is its first option, "An external wallet" the
    // next. Focused at full speed, then the CPU is throttled.
    const payFrom = page.getByRole('combobox', { name: 'Paid from' });
    await payFrom.waitFor();
    await payFrom.focus();
    const shown = () => payFrom.evaluate((select) => select.selectedOptions[0]?.textContent ?? '');
    const onSafe = (await shown()).startsWith('The organization’s Safe');
    await throttled(cpu);
    figures.payFrom.push(
      await inpOf(page, async () => {
        await page.keyboard.press(onSafe ? 'ArrowDown' : 'ArrowUp');
        // Its effect shown: the note on paying from the Safe comes, or goes.
        await page
          .getByText(/the exact amount is proposed in the Safe’s queue/)
          .waitFor({ state: onSafe ? 'detached' : 'visible' });
      }),
    );
    await throttled(1);
  }
  await context.close();
  return {
    confirm: summary(figures.confirm),
    open: summary(figures.open),
    payFrom: summary(figures.payFrom),
  };
}

// Alone (`pnpm --filter @dash/e2e bench:inp`, after `pnpm build`): see runAlone (BENCH_PORT
// default 4760).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = ['confirm', 'open', 'payFrom'].map((key) => [key, key]);
  await runAlone({ port: 4760, label: 'bench-inp', measure: walletInp, rows });
}
