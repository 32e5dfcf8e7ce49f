import { randomBytes } from 'node:crypto';
import { ZHoldingsResponse } from '@dash/shared/contracts';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { sendTestToken, testChainsConfig, testDevChainHead } from '../../test/dev-chain';
import { createOrganization, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { createCatalogueProvider } from '../../test/providers';
import { storeWallet } from '../../test/safe';
import { writeTransfer } from '../../test/transfers';

// The Safe on two networks (the same address on each) is reconciled per network: the ledger's
// Safe lines count on the network their posting names, never on another network's same token.

describe('the holdings of a Safe on two networks', () => {
  it('compares each network’s Safe with the ledger’s lines of that network only', async () => {
    const testApp = await createTestApp({ chains: await testChainsConfig() });
    const founder = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, founder.cookie);
    const safe = getAddress(`0x${randomBytes(20).toString('hex')}`);
    for (const chainId of [421614, 80002]) {
      await storeWallet(testApp.db, {
        organizationUid: organization.uid,
        status: 'deployed',
        chainId,
        address: safe,
      });
    }
    const holdings = async () => {
      const response = await call(testApp.app, 'GET', `/organizations/${organization.uid}/holdings`, {
        cookie: founder.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return ZHoldingsResponse.parse(response.json()).data;
    };
    await testApp.app.holdings.checkNow();

    // 25 USDC reach the Safe on arbitrum-sepolia: booked as an incoming deposit there.
    await sendTestToken('arbitrum-sepolia', 'USDC', safe, '25');
    await testApp.app.holdings.checkNow();
    expect((await holdings()).reconciliation).toEqual([]);

    // Off-ramps paid from the Safe on polygon-amoy: 10 USDC (USDC is on both networks in production)
    // and 5 testbrz, completed in the ledger, though the Safe there never sent them.
    const provider = await createCatalogueProvider(testApp.db);
    for (const [symbol, amount] of [
      ['USDC', '10'],
      ['testbrz', '5'],
    ] as const) {
      await writeTransfer(testApp.db, organization.uid, provider.uid, {
        type: 'off_ramp',
        status: 'completed',
        amount,
        fromSafe: safe,
        network: 'polygon-amoy',
        symbol,
      });
    }
    await testApp.app.holdings.checkNow();
    const answer = await holdings();
    expect(
      answer.wallets
        .filter((wallet) => wallet.kind === 'safe')
        .map((wallet) => [wallet.network, wallet.address, wallet.balances]),
    ).toEqual([
      [
        'arbitrum-sepolia',
        safe,
        [
          { symbol: 'USDC', amount: '25' },
          { symbol: 'MXNB', amount: '0' },
        ],
      ],
      ['polygon-amoy', safe, [{ symbol: 'testbrz', amount: '0' }]],
    ]);
    // The USDC that left on polygon-amoy does not make arbitrum-sepolia's Safe differ (25 = 25); the
    // testbrz that left on polygon-amoy is a difference there.
    expect(answer.reconciliation).toEqual([
      {
        kind: 'safe',
        walletUid: null,
        name: null,
        network: 'polygon-amoy',
        address: safe,
        symbol: 'testbrz',
        ledger: '-5',
        chain: '0',
        difference: '5',
        block: Number(await testDevChainHead('polygon-amoy')),
      },
    ]);
  });
});
