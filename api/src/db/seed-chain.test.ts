import { toBaseUnits, tokenOf } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { createChains } from '../chain/index';
import { ledgerBalancesOf } from '../modules/overview/index';
import { emptyTestDatabase } from '../test/database';
import { testChainsConfig } from '../test/dev-chain';
import { registeredWallets } from './schema';
import { seed } from './seed';
import { seedOnChain } from './seed-chain';
import { seedProviderCatalogue } from './seed-providers';
import { seedTransfers } from './seed-transfers';

describe('the demo history on the dev chains', () => {
  it('gives each seeded wallet on a dev chain what the ledger says it holds, once', async () => {
    const { db } = await emptyTestDatabase();
    const { organizationUid, userUid } = await seed(db);
    await seedProviderCatalogue(db);
    await seedTransfers(db, organizationUid, userUid);
    const config = await testChainsConfig();
    const chains = createChains(config);

    const first = await seedOnChain(db, chains, organizationUid);
    expect(first.skipped).toEqual({});
    expect(first.sent).toBeGreaterThan(0);

    const { byWallet } = await ledgerBalancesOf(db, organizationUid);
    const amoy = await db
      .select()
      .from(registeredWallets)
      .where(eq(registeredWallets.network, 'polygon-amoy'));
    const rpcUrl = config.networks.find((network) => network.network === 'polygon-amoy')?.rpcUrl ?? '';
    const client = createPublicClient({ transport: http(rpcUrl) });
    const testbrz = tokenOf('polygon-amoy', 'testbrz', true);
    let checked = 0;
    for (const wallet of amoy) {
      const posted = byWallet.find(
        (row) => row.wallet?.uid === wallet.uid && row.currency === 'testbrz',
      )?.posted;
      if (!posted || !testbrz) continue;
      const held = await client.readContract({
        address: testbrz.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet.address as Hex],
      });
      expect(held).toBe(toBaseUnits(posted, testbrz.decimals));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);

    expect(await seedOnChain(db, chains, organizationUid)).toEqual({ sent: 0, skipped: {} });
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
