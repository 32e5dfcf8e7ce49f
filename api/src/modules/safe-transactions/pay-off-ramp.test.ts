import {
  SAFE_NOT_DEPLOYED,
  SOURCE_SAFE_NETWORK_MESSAGE,
  SOURCE_SAFE_OR_WALLET_MESSAGE,
  type TTransfer,
  toBaseUnits,
  ZOverviewResponse,
  ZSafeTransactionResponse,
  ZTransferResponse,
} from '@dash/shared/contracts';
import { eq, like } from 'drizzle-orm';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { jobs, quotes, walletDeployments, wallets } from '../../db/schema';
import { sendTestToken } from '../../test/dev-chain';
import { deliverSandboxEvents, sandboxTransferEvents, sandboxTransferHelper } from '../../test/providers';
import { deploySafeOn } from '../../test/safe';
import { safeOffRampScene, testTokenBalance } from '../../test/safe-off-ramp';
import { until } from '../../test/sandbox-chain';

// An off-ramp paid from the organization's Safe, end to end on the test chains and the sandbox
// provider: the payment proposed once the provider names its deposit address, confirmed by both
// owners, executed by the relayer, seen by the provider; and a quote that expires first.

const offRampScene = () => safeOffRampScene('arbitrum-sepolia');
const usdcOf = (address: string) => testTokenBalance('arbitrum-sepolia', 'USDC', address);

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
    const payment = await scene.eventually('the payment proposed', async () =>
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
    const executed = await scene.eventually('the payment executed', async () =>
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

  it('on polygon-amoy: proposed at that chain’s nonce 0, executed there, and the off-ramp completes', async () => {
    const scene = await safeOffRampScene('polygon-amoy');
    const deliver = (eventIds: string[]) =>
      deliverSandboxEvents(scene.testApp, scene.sandbox, scene.provider.uid, eventIds);
    // The Safe's first network has used its nonce 0 on chain: a USDC transfer executed there.
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '5');
    const proposed = await scene.ask(scene.admin.cookie, 'POST', '/wallet/transactions', {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '1',
      walletUid: scene.wallet.uid,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const onArbitrum = ZSafeTransactionResponse.parse(proposed.json()).data;
    for (const signer of scene.signers) await scene.confirm(signer, onArbitrum);
    await scene.eventually('the arbitrum-sepolia transfer executed', async () => {
      const row = await scene.one(onArbitrum.safeTxHash);
      return row.status === 'executed' ? row : undefined;
    });

    // "Deploy on polygon-amoy", funded there from the dev chain's treasury.
    await deploySafeOn(scene, 'polygon-amoy');
    await sendTestToken('polygon-amoy', 'testbrz', scene.safe, '100');
    const created = await scene.offRamp('40.25', { fromSafe: true });
    expect(created.statusCode, created.body).toBe(201);
    const offRamp = ZTransferResponse.parse(created.json()).data;
    expect(offRamp).toMatchObject({
      network: 'polygon-amoy',
      status: 'awaiting_funds',
      fromSafe: { address: scene.safe },
    });

    const payment = await scene.eventually('the payment proposed', async () =>
      (await scene.queue()).queued.find((tx) => tx.transferUid === offRamp.uid),
    );
    const instructions = (await scene.transfer(offRamp.uid)).instructions;
    if (instructions?.kind !== 'crypto') throw new Error('no deposit address');
    expect(instructions).toMatchObject({ network: 'polygon-amoy', symbol: 'testbrz' });
    // On chain 80002, at the Safe's nonce there (0), whatever the nonces used on arbitrum-sepolia.
    expect(await scene.one(payment.safeTxHash)).toMatchObject({
      network: 'polygon-amoy',
      chainId: 80002,
      safeAddress: scene.safe,
      nonce: 0,
      transfer: {
        symbol: 'testbrz',
        amount: '40.25',
        recipient: { walletUid: null, name: 'Transfero', address: getAddress(instructions.address) },
      },
    });

    const safeBefore = await testTokenBalance('polygon-amoy', 'testbrz', scene.safe);
    for (const signer of scene.signers) await scene.confirm(signer, payment);
    const executed = await scene.eventually('the payment executed on polygon-amoy', async () => {
      const row = await scene.one(payment.safeTxHash);
      return row.status === 'executed' ? row : undefined;
    });
    expect(await testTokenBalance('polygon-amoy', 'testbrz', scene.safe)).toBe(
      safeBefore - toBaseUnits('40.25', 18),
    );
    expect(await testTokenBalance('polygon-amoy', 'testbrz', instructions.address)).toBe(
      toBaseUnits('40.25', 18),
    );

    // The provider saw the deposit from the Safe in that transaction; it pays out and completes.
    const reference = (await scene.transfer(offRamp.uid)).providerReference ?? '';
    await deliver(await sandboxTransferEvents(scene.sandbox, reference, 2));
    expect(scene.sandbox.store.state.transfers[reference]?.deposit).toMatchObject({
      txHash: executed.executionTxHash,
      sender: scene.safe,
      symbol: 'testbrz',
    });
    await deliver(await sandboxTransferHelper(scene.sandbox, reference, 'complete'));
    expect(await scene.transfer(offRamp.uid)).toMatchObject({ status: 'completed' });
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
    const payment = await scene.eventually('the payment proposed', async () =>
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

    const rejection = await scene.eventually('the rejection proposed', async () => {
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
    await scene.eventually('the rejection executed', async () =>
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
