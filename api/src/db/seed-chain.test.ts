import { toBaseUnits } from '@dash/shared/contracts';
import { erc20Abi, type Hex, parseEventLogs } from 'viem';
import { describe, expect, it } from 'vitest';
import { createChains } from '../chain/index';
import { ledgerBalancesOf } from '../modules/overview/index';
import { trimAmount } from '../modules/transfers/index';
import { emptyTestDatabase } from '../test/database';
import { testChainsConfig } from '../test/dev-chain';
import { registeredWallets, transfers } from './schema';
import { seed } from './seed';
import { seedOnChain } from './seed-chain';
import { seedProviderCatalogue } from './seed-providers';
import { seedTransfers } from './seed-transfers';

describe('the demo history on the dev chains', () => {
  it("gives each seeded transfer's hash to its real transaction and each wallet what the ledger says, once", async () => {
    const { db } = await emptyTestDatabase();
    const { organizationUid, userUid } = await seed(db);
    await seedProviderCatalogue(db);
    await seedTransfers(db, organizationUid, userUid);
    const config = await testChainsConfig();
    const chains = createChains(config);

    const first = await seedOnChain(db, chains, organizationUid);
    expect(first.skipped).toEqual({});
    expect(first.sent).toBeGreaterThan(0);

    // Every seeded wallet on a local chain holds, per token, exactly what the ledger has posted to it.
    const { byWallet } = await ledgerBalancesOf(db, organizationUid);
    const wallets = await db.select().from(registeredWallets);
    let checked = 0;
    for (const row of byWallet) {
      const wallet = wallets.find((candidate) => candidate.uid === row.wallet?.uid);
      const network = wallet ? chains.of(wallet.network) : undefined;
      const token = network?.token(row.currency);
      if (!wallet || !network?.local || !token) continue;
      const held = await network.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet.address as Hex],
      });
      expect(held, `${wallet.name} ${row.currency}`).toBe(toBaseUnits(row.posted, token.decimals));
      checked += 1;
    }
    expect(checked).toBe(2); // Operations (arbitrum-sepolia) and Sandbox deposits (polygon-amoy)

    // Each seeded transfer's hash is its own transaction: the exact tokens to the right address.

    const seeded = (await db.select().from(transfers)).filter((transfer) => transfer.txHash !== null);
    // On-ramps, a deposit and off-ramps past their payment, on both local chains.
    expect(new Set(seeded.map((transfer) => transfer.type))).toEqual(
      new Set(['on_ramp', 'deposit', 'off_ramp']),
    );
    expect(new Set(seeded.map((transfer) => transfer.network))).toEqual(
      new Set(['polygon-amoy', 'arbitrum-sepolia']),
    );
    for (const transfer of seeded) {
      const network = chains.of(transfer.network);
      if (!network) throw new Error(`${transfer.network} is not watched`);
      const receipt = await network.client.getTransactionReceipt({ hash: transfer.txHash as Hex });
      expect(receipt.status).toBe('success');
      const offRamp = transfer.type === 'off_ramp';
      const token = network.token(offRamp ? transfer.sourceCurrency : transfer.targetCurrency);
      if (!token) throw new Error(`no ${transfer.targetCurrency} on ${transfer.network}`);
      const [moved] = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
      expect(moved?.address.toLowerCase()).toBe(token.address.toLowerCase());
      const depositAddress = (transfer.instructions as { address?: string } | null)?.address;
      expect(moved?.args.to.toLowerCase()).toBe(
        (offRamp ? depositAddress : transfer.walletAddress)?.toLowerCase(),
      );
      if (offRamp) expect(moved?.args.from.toLowerCase()).toBe(transfer.walletAddress?.toLowerCase());
      expect(moved?.args.value).toBe(
        toBaseUnits(trimAmount(offRamp ? transfer.sourceAmount : transfer.targetAmount), token.decimals),
      );
    }

    // Again: every hash is mined and every wallet holds its due, so nothing is sent, no hash changes.
    expect(await seedOnChain(db, chains, organizationUid)).toEqual({ sent: 0, skipped: {} });
    const again = (await db.select().from(transfers)).filter((transfer) => transfer.txHash !== null);
    expect(new Map(again.map((transfer) => [transfer.uid, transfer.txHash]))).toEqual(
      new Map(seeded.map((transfer) => [transfer.uid, transfer.txHash])),
    );
  });

  it('says a dev chain that does not answer in time was skipped', async () => {
    const { db } = await emptyTestDatabase();
    const { organizationUid, userUid } = await seed(db);
    await seedProviderCatalogue(db);
    await seedTransfers(db, organizationUid, userUid);
    const chains = createChains({
      networks: [{ network: 'polygon-amoy', chainId: 80002, rpcUrl: 'http://127.0.0.1:9', local: true }],
      confirmations: 1,
      pollMs: 50,
    });
    expect(await seedOnChain(db, chains, organizationUid, { timeoutMs: 300 })).toEqual({
      sent: 0,
      skipped: { 'polygon-amoy': 'its dev chain did not answer within 0.3 s' },
    });
  });
});
