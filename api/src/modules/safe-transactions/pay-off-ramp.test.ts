import { randomUUID } from 'node:crypto';
import {
  SAFE_NOT_DEPLOYED,
  SOURCE_SAFE_NETWORK_MESSAGE,
  SOURCE_SAFE_OR_WALLET_MESSAGE,
  type TSafeTransaction,
  type TTransfer,
  toBaseUnits,
  tokenOf,
  ZOverviewResponse,
  ZQuoteResponse,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
  ZTransferDetailResponse,
  ZTransferResponse,
} from '@dash/shared/contracts';
import { eq, like } from 'drizzle-orm';
import { createPublicClient, erc20Abi, getAddress, type Hex, http } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  bankBeneficiaries,
  jobs,
  providerAccounts,
  quotes,
  walletDeployments,
  wallets,
} from '../../db/schema';
import { sendTestToken, testDevChain } from '../../test/dev-chain';
import { call } from '../../test/http';
import {
  approveOrganization,
  createCatalogueProvider,
  sandboxConfig,
  testSandbox,
} from '../../test/providers';
import { safeScene } from '../../test/safe';
import { until } from '../../test/sandbox-chain';

// An off-ramp paid from the organization's Safe, end to end on the test chains and the sandbox
// provider: the payment proposed once the provider names its deposit address, confirmed by both
// owners, executed by the relayer, seen by the provider; and a quote that expires first.

const USDC = tokenOf('arbitrum-sepolia', 'USDC', true);

async function offRampScene() {
  const sandbox = await testSandbox();
  const scene = await safeScene({ config: sandboxConfig(sandbox) });
  const { testApp, organization } = scene;
  await approveOrganization(testApp.db, organization.uid);
  const provider = await createCatalogueProvider(testApp.db, {
    name: 'Bitso',
    description: 'MXN over SPEI',
    countries: ['MX'],
    fiat: [{ currency: 'MXN', rail: 'SPEI' }],
    stablecoins: [{ symbol: 'USDC', network: 'arbitrum-sepolia' }],
    fees: [
      {
        currency: 'MXN',
        percentageFee: '0.50',
        fixedFee: '5.00',
        minAmount: '10.00',
        maxAmount: '500000.00',
      },
    ],
    adapterAccount: 'bitso',
  });
  await testApp.db
    .insert(providerAccounts)
    .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
  const [beneficiary] = await testApp.db
    .insert(bankBeneficiaries)
    .values({
      organizationUid: organization.uid,
      type: 'Clabe',
      accountKey: '002010077777777771',
      name: 'Proveedor MX',
    })
    .returning();
  if (!beneficiary) throw new Error('beneficiary not written');
  const ask = (cookie: string, method: 'GET' | 'POST', path: string, body?: unknown, key?: string) =>
    call(testApp.app, method, path, {
      cookie,
      organization: organization.uid,
      ...(body === undefined ? {} : { body }),
      headers: { 'idempotency-key': key ?? randomUUID() },
    });
  const offRamp = async (amount: string, extra: Record<string, unknown>) => {
    const quote = await ask(scene.admin.cookie, 'POST', '/rails/quotes', {
      providerUid: provider.uid,
      type: 'off_ramp',
      currency: 'MXN',
      network: 'arbitrum-sepolia',
      amount,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    return ask(scene.admin.cookie, 'POST', '/rails/off-ramps', {
      quoteUid: ZQuoteResponse.parse(quote.json()).data.uid,
      bankBeneficiaryUid: beneficiary.uid,
      ...extra,
    });
  };
  const queue = async () =>
    ZSafeTransactionsResponse.parse((await ask(scene.viewer.cookie, 'GET', '/wallet/transactions')).json())
      .data;
  const transfer = async (uid: string) =>
    ZTransferDetailResponse.parse(
      (await ask(scene.viewer.cookie, 'GET', `/rails/transactions/${uid}`)).json(),
    ).data;
  /** One transaction in full (the list's rows carry no typed data). */
  const one = async (safeTxHash: string): Promise<TSafeTransaction> =>
    ZSafeTransactionResponse.parse(
      (await ask(scene.viewer.cookie, 'GET', `/wallet/transactions/${safeTxHash}`)).json(),
    ).data;
  const confirm = async (
    signer: { user: { cookie: string }; key: PrivateKeyAccount },
    row: { safeTxHash: string },
  ) => {
    const tx = await one(row.safeTxHash);
    const answer = await ask(
      signer.user.cookie,
      'POST',
      `/wallet/transactions/${tx.safeTxHash}/confirmations`,
      {
        signature: await signer.key.signTypedData(JSON.parse(tx.typedData)),
      },
    );
    expect(answer.statusCode, answer.body).toBe(201);
  };
  return { ...scene, sandbox, provider, beneficiary, ask, offRamp, queue, one, transfer, confirm };
}

async function usdcOf(address: string): Promise<bigint> {
  const devChain = await testDevChain();
  return createPublicClient({ transport: http(devChain.url) }).readContract({
    address: USDC?.address as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [getAddress(address)],
  });
}

/** Runs the jobs until `check` holds (the provider's call, the proposal and the execution are jobs). */
async function eventually<T>(
  scene: { testApp: { app: { jobs: { drain: () => Promise<unknown> } } } },
  what: string,
  check: () => Promise<T | undefined>,
) {
  return until(what, async () => {
    await scene.testApp.app.jobs.drain();
    return check();
  });
}

describe('an off-ramp paid from the Safe', () => {
  it('proposes the exact amount to the deposit address; two confirmations pay the provider on chain', async () => {
    const scene = await offRampScene();
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '100');
    const created = await scene.offRamp('40.25', { fromSafe: true });
    expect(created.statusCode, created.body).toBe(201);
    const offRamp: TTransfer = ZTransferResponse.parse(created.json()).data;
    expect(offRamp).toMatchObject({
      status: 'awaiting_funds',
      fromSafe: { address: scene.safe },
      wallet: null,
    });

    // Once the provider names its deposit address, the Safe's queue holds the payment.
    const payment = await eventually(scene, 'the payment proposed', async () =>
      (await scene.queue()).queued.find((tx) => tx.transferUid === offRamp.uid),
    );
    const instructions = (await scene.transfer(offRamp.uid)).instructions;
    expect(instructions?.kind).toBe('crypto');
    const deposit = instructions?.kind === 'crypto' ? instructions.address : '';
    // The list row says what it sends; the full read also who proposed it.
    expect(await scene.one(payment.safeTxHash)).toMatchObject({
      kind: 'transfer',
      status: 'awaiting_confirmations',
      nonce: 0,
      proposedBy: { uid: scene.admin.uid },
      transfer: {
        symbol: 'USDC',
        amount: '40.25',
        recipient: { walletUid: null, name: 'Bitso', address: getAddress(deposit) },
      },
    });
    // Once only, whatever runs the job again.
    await scene.testApp.app.jobs.drain();
    expect((await scene.queue()).queued).toHaveLength(1);
    // The ledger holds the amount as leaving the Safe.
    const overview = ZOverviewResponse.parse(
      (
        await scene.ask(scene.viewer.cookie, 'GET', `/organizations/${scene.organization.uid}/overview`)
      ).json(),
    ).data;
    expect(overview.balances.byWallet).toContainEqual(
      expect.objectContaining({ safe: true, currency: 'USDC', pending: '-40.25' }),
    );

    const safeBefore = await usdcOf(scene.safe);
    for (const signer of scene.signers) await scene.confirm(signer, payment);
    const executed = await eventually(scene, 'the payment executed', async () =>
      (await scene.queue()).history.find(
        (tx) => tx.safeTxHash === payment.safeTxHash && tx.status === 'executed',
      ),
    );
    expect(executed.executionTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcOf(scene.safe)).toBe(safeBefore - toBaseUnits('40.25', 6));
    expect(await usdcOf(deposit)).toBe(toBaseUnits('40.25', 6));

    // The provider saw the deposit arrive from the Safe in that transaction, and pays out.
    const reference = (await scene.transfer(offRamp.uid)).providerReference;
    expect(reference).toBeTruthy();
    const seen = await until('the provider credits the deposit', async () => {
      // The Bitso account's transfer, as the sandbox keeps it.
      const view = scene.sandbox.store.state.transfers[reference ?? ''];
      return view?.deposit ? view : undefined;
    });
    console.log(
      `Off-ramp ${offRamp.uid} of 40.25 USDC paid from the Safe ${scene.safe}: safeTxHash ${payment.safeTxHash} (nonce ${payment.nonce}), execTransaction ${executed.executionTxHash}, to the deposit address ${deposit}; the provider credited ${seen.deposit?.txHash} (log ${seen.deposit?.logIndex}, block ${seen.deposit?.blockNumber})`,
    );
    expect(seen.deposit).toMatchObject({
      txHash: executed.executionTxHash,
      sender: scene.safe,
      amount: '40.25',
      symbol: 'USDC',
    });
  });

  it('refuses the Safe with a wallet, on another network, or when it is not deployed', async () => {
    const scene = await offRampScene();
    const both = await scene.offRamp('10', { fromSafe: true, walletUid: scene.wallet.uid });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ fields: { fromSafe: SOURCE_SAFE_OR_WALLET_MESSAGE } });

    // The Safe only on polygon-amoy (its first network), the quote on arbitrum-sepolia.
    await scene.testApp.db
      .update(wallets)
      .set({ chainId: 80002 })
      .where(eq(wallets.organizationUid, scene.organization.uid));
    await scene.testApp.db
      .update(walletDeployments)
      .set({ chainId: 80002 })
      .where(eq(walletDeployments.organizationUid, scene.organization.uid));
    const elsewhere = await scene.offRamp('10', { fromSafe: true });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toMatchObject({ fields: { fromSafe: SOURCE_SAFE_NETWORK_MESSAGE } });

    await scene.testApp.db
      .delete(walletDeployments)
      .where(eq(walletDeployments.organizationUid, scene.organization.uid));
    const undeployed = await scene.offRamp('10', { fromSafe: true });
    expect(undeployed.statusCode).toBe(409);
    expect(undeployed.json().error).toMatchObject({ message: SAFE_NOT_DEPLOYED });
  });

  it('a quote that expires first fails the off-ramp, and its payment is rejected on chain and never runs', async () => {
    const scene = await offRampScene();
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '50');
    const created = await scene.offRamp('20', { fromSafe: true });
    expect(created.statusCode, created.body).toBe(201);
    const offRamp = ZTransferResponse.parse(created.json()).data;
    const payment = await eventually(scene, 'the payment proposed', async () =>
      (await scene.queue()).queued.find((tx) => tx.transferUid === offRamp.uid),
    );
    // The first owner confirmed in time; then the quote expires.
    const [first, second] = scene.signers;
    if (!first || !second) throw new Error('two signers');
    await scene.confirm(first, payment);
    await scene.testApp.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.usedBy, offRamp.uid));
    await scene.testApp.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(like(jobs.key, `%${offRamp.uid}`));

    const rejection = await eventually(scene, 'the rejection proposed', async () => {
      return (await scene.queue()).queued.find((tx) => tx.kind === 'rejection' && tx.nonce === payment.nonce);
    });
    expect((await scene.one(rejection.safeTxHash)).proposedBy).toEqual({
      uid: scene.admin.uid,
      name: expect.any(String),
    });
    expect(await scene.transfer(offRamp.uid)).toMatchObject({
      status: 'failed',
      failureReasonCode: 'quote_expired_unpaid',
    });

    // The second confirmation makes the payment ready, but the relayer does not execute it.
    await scene.confirm(second, payment);
    await scene.testApp.app.jobs.drain();
    const held = (await scene.queue()).queued.find((tx) => tx.safeTxHash === payment.safeTxHash);
    expect(held).toMatchObject({ status: 'ready', executionTxHash: null });

    // The rejection, confirmed and executed, uses the nonce: the payment can never run.
    const safeBefore = await usdcOf(scene.safe);
    for (const signer of scene.signers) await scene.confirm(signer, rejection);
    await eventually(scene, 'the rejection executed', async () =>
      (await scene.queue()).history.find(
        (tx) => tx.safeTxHash === rejection.safeTxHash && tx.status === 'executed',
      ),
    );
    expect((await scene.queue()).history.find((tx) => tx.safeTxHash === payment.safeTxHash)?.status).toBe(
      'replaced',
    );
    expect(await usdcOf(scene.safe)).toBe(safeBefore);
  });
});
