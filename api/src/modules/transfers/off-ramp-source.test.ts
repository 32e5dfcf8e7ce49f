import {
  SOURCE_WALLET_NETWORK_MESSAGE,
  SOURCE_WALLET_NOT_FOUND_MESSAGE,
  ZOverviewResponse,
  ZTransferResponse,
} from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { registeredWallets } from '../../db/schema';
import { railsScene } from '../../test/rails-scene';

describe('an off-ramp names the wallet it is paid from', () => {
  it('from a registered wallet: the transfer names it, and the ledger takes the stablecoin from it', async () => {
    const scene = await railsScene();
    const answer = await scene.askOffRamp('250', scene.wallet.uid);
    expect(answer.statusCode, answer.body).toBe(201);
    const transfer = ZTransferResponse.parse(answer.json()).data;
    expect(transfer.wallet).toEqual({
      uid: scene.wallet.uid,
      name: 'Treasury',
      address: scene.wallet.address,
    });
    const overview = ZOverviewResponse.parse(
      (await scene.ask('GET', `/organizations/${scene.organization.uid}/overview`)).json(),
    ).data;
    expect(overview.balances.byWallet).toEqual([
      {
        wallet: {
          uid: scene.wallet.uid,
          name: 'Treasury',
          address: scene.wallet.address,
          network: 'polygon-amoy',
        },
        deletedWallets: false,
        safe: false,
        currency: 'testbrz',
        posted: '0',
        pending: '-250',
      },
    ]);
  });

  it('from an external wallet: no registered wallet is debited, and no balance is left "not tied to a wallet"', async () => {
    const scene = await railsScene();
    for (const walletUid of [undefined, null]) {
      const answer = await scene.askOffRamp('100', walletUid);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(ZTransferResponse.parse(answer.json()).data.wallet).toBeNull();
    }
    const overview = ZOverviewResponse.parse(
      (await scene.ask('GET', `/organizations/${scene.organization.uid}/overview`)).json(),
    ).data;
    expect(overview.balances.byWallet).toEqual([]);
    expect(overview.balances.byCurrency).toEqual([]);
  });

  it('refuses a wallet of another organization or network, with a field error', async () => {
    const scene = await railsScene();
    const [arbitrum] = await scene.testApp.db
      .insert(registeredWallets)
      .values({
        organizationUid: scene.organization.uid,
        network: 'arbitrum-sepolia',
        address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
        name: 'Ops',
      })
      .returning();
    const wrongNetwork = await scene.askOffRamp('100', arbitrum?.uid);
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().error).toMatchObject({
      message: SOURCE_WALLET_NETWORK_MESSAGE,
      fields: { walletUid: SOURCE_WALLET_NETWORK_MESSAGE },
    });
    const unknown = await scene.askOffRamp('100', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ message: SOURCE_WALLET_NOT_FOUND_MESSAGE });
  });
});
