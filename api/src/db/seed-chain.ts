import { toBaseUnits } from '@dash/shared/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  type Account,
  type Address,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Chains, DEV_CHAIN_KEYS, type WatchedNetwork } from '../chain/index';
import { ledgerBalancesOf } from '../modules/overview/index';
import { trimAmount } from '../modules/transfers/index';
import type { Database } from './client';
import { registeredWallets, transfers } from './schema';

/**
 * The demo's seeded history on its dev chains, before the API first looks at them (its watcher
 * starts from the head it first sees, so none of this is booked as an incoming deposit):
 *   1. each seeded transfer's on-chain leg happens for real, oldest first, and the transfer keeps
 *      that transaction's hash: an on-ramp's or deposit's tokens from the sandbox's treasury to the
 *      wallet, an off-ramp's from the wallet to its deposit address (sent as the wallet through the
 *      dev chain's account impersonation: the demo's wallets are addresses whose keys nobody holds);
 *   2. each seeded registered wallet on a local chain holds on chain what the ledger says it
 *      received (what a returned or failed payout gave back), so the overview's reconciliation
 *      starts with no difference.
 * A transfer whose hash is mined on its chain is left alone and the treasury sends only what a
 * wallet lacks (never takes anything back), so running it again sends nothing. Real networks are
 * never touched.
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
    result.sent += await replayHistory(db, network, organizationUid, treasury);
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

type Treasury = WalletClient<Transport, undefined, Account>;

/** Step 1: the seeded transfers' legs on `network` that are on no chain yet, oldest first. */
async function replayHistory(
  db: Database,
  network: WatchedNetwork,
  organizationUid: string,
  treasury: Treasury,
): Promise<number> {
  const history = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.organizationUid, organizationUid),
        eq(transfers.network, network.network as typeof transfers.$inferSelect.network),
        isNotNull(transfers.txHash),
      ),
    )
    .orderBy(asc(transfers.createdAt));
  let sent = 0;
  for (const transfer of history) {
    const mined = await network.client.getTransactionReceipt({ hash: transfer.txHash as Hex }).then(
      () => true,
      () => false,
    );
    if (mined) continue;
    const hash =
      transfer.type === 'off_ramp'
        ? await payDeposit(network, transfer, treasury)
        : await deliver(network, transfer, treasury);
    if (!hash) continue;
    await network.client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    await db.update(transfers).set({ txHash: hash }).where(eq(transfers.uid, transfer.uid));
    sent += 1;
  }
  return sent;
}

type SeededTransfer = typeof transfers.$inferSelect;

/** An on-ramp's or deposit's delivery: the quoted tokens from the treasury to the wallet. */
async function deliver(network: WatchedNetwork, transfer: SeededTransfer, treasury: Treasury) {
  const token = network.token(transfer.targetCurrency);
  if (!token || !transfer.walletAddress) return undefined;
  return treasury.writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [transfer.walletAddress as Address, toBaseUnits(trimAmount(transfer.targetAmount), token.decimals)],
    chain: null,
  });
}

/**
 * An off-ramp's payment: the wallet sends the quoted tokens to the deposit address, as the wallet
 * (impersonated on the dev chain, given gas), the treasury first sending what the wallet lacks.
 */
async function payDeposit(network: WatchedNetwork, transfer: SeededTransfer, treasury: Treasury) {
  const token = network.token(transfer.sourceCurrency);
  const depositAddress = (transfer.instructions as { address?: string } | null)?.address;
  if (!token || !transfer.walletAddress || !depositAddress) return undefined;
  const wallet = transfer.walletAddress as Address;
  const units = toBaseUnits(trimAmount(transfer.sourceAmount), token.decimals);
  const held = await network.client.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [wallet],
  });
  if (held < units) {
    const topUp = await treasury.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [wallet, units - held],
      chain: null,
    });
    await network.client.waitForTransactionReceipt({ hash: topUp, pollingInterval: 100 });
  }
  const anvil = createTestClient({ mode: 'anvil', transport: http(network.rpcUrl) });
  await anvil.setBalance({ address: wallet, value: 10n ** 18n });
  await anvil.impersonateAccount({ address: wallet });
  try {
    return await createWalletClient({ transport: http(network.rpcUrl) }).writeContract({
      account: wallet,
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [depositAddress as Address, units],
      chain: null,
    });
  } finally {
    await anvil.stopImpersonatingAccount({ address: wallet });
  }
}
