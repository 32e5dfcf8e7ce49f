import { toBaseUnits } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { createWalletClient, erc20Abi, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Chains, DEV_CHAIN_KEYS, type WatchedNetwork } from '../chain/index';
import { ledgerBalancesOf } from '../modules/overview/index';
import type { Database } from './client';
import { registeredWallets } from './schema';

/**
 * The demo's seeded history on its dev chains: each seeded registered wallet on a local chain holds
 * on chain what the ledger says it received, so the overview's reconciliation starts with no
 * difference. The dev chains' treasury sends what a wallet lacks (never takes anything back), so
 * running it again sends nothing. Real networks are never touched.
 */
export interface SeedChainResult {
  sent: number;
  /** Why nothing could be sent on a network (its dev chain not up in time), by network. */
  skipped: Record<string, string>;
}

/** Waits for the dev chain's tokens (deployed at its first start) for up to `timeoutMs`. */
async function tokensReady(network: WatchedNetwork, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const codes = await Promise.all(
        network.tokens.map((token) => network.client.getCode({ address: token.address })),
      );
      if (codes.every((code) => code && code !== '0x')) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export async function seedOnChain(
  db: Database,
  chains: Chains,
  organizationUid: string,
  { timeoutMs = 60_000 } = {},
): Promise<SeedChainResult> {
  const result: SeedChainResult = { sent: 0, skipped: {} };
  const wallets = await db
    .select()
    .from(registeredWallets)
    .where(eq(registeredWallets.organizationUid, organizationUid));
  const { byWallet } = await ledgerBalancesOf(db, organizationUid);
  for (const network of chains.list().filter((candidate) => candidate.local)) {
    const owed = byWallet.flatMap((row) => {
      const wallet = wallets.find((candidate) => candidate.uid === row.wallet?.uid);
      const token = network.token(row.currency);
      return wallet?.network === network.network && token ? [{ wallet, token, posted: row.posted }] : [];
    });
    if (owed.length === 0) continue;
    if (!(await tokensReady(network, timeoutMs))) {
      result.skipped[network.network] = `its dev chain did not answer within ${timeoutMs / 1000} s`;
      continue;
    }
    const treasury = createWalletClient({
      transport: http(network.rpcUrl),
      account: privateKeyToAccount(DEV_CHAIN_KEYS.treasury),
    });
    for (const { wallet, token, posted } of owed) {
      if (posted.startsWith('-')) continue;
      const wanted = toBaseUnits(posted, token.decimals);
      const held = await network.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet.address as Hex],
      });
      if (held >= wanted) continue;
      const hash = await treasury.writeContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [wallet.address as Hex, wanted - held],
        chain: null,
      });
      await network.client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      result.sent += 1;
    }
  }
  return result;
}
