import { fromBaseUnits, MULTICALL3_ADDRESS, type TTokenRecord } from '@dash/shared/contracts';
import { type Address, erc20Abi, getAddress } from 'viem';
import { ChainUnreachableError, type WatchedNetwork } from './client';

/** What one address holds of one token at the read's block. */
export interface TokenBalance {
  address: Address;
  token: TTokenRecord;
  units: bigint;
  /** units as a decimal string in whole tokens (fromBaseUnits). */
  amount: string;
}

export interface BalanceRead {
  network: string;
  blockNumber: bigint;
  /** One per address and token of the network, in the order asked (addresses, then tokens). */
  balances: TokenBalance[];
  /** The pairs whose balanceOf reverted (a token contract missing at that block): no amount known. */
  failed: { address: Address; token: TTokenRecord }[];
}

/**
 * The balances of every token of `network` held by `addresses`, in ONE Multicall3 eth_call at one
 * block (`blockNumber`, else the head, asked first): every amount of the answer is of the same block.
 * The calls are never split (batchSize 0): a thousand wallets with two tokens are one call of about
 * 14M gas, well inside a node's eth_call cap. A chain that does not answer is a ChainUnreachableError.
 */
export async function readBalances(
  network: WatchedNetwork,
  addresses: readonly string[],
  blockNumber?: bigint,
): Promise<BalanceRead> {
  const holders = [...new Set(addresses.map((address) => getAddress(address)))];
  const pairs = holders.flatMap((address) => network.tokens.map((token) => ({ address, token })));
  try {
    const block = blockNumber ?? (await network.client.getBlockNumber({ cacheTime: 0 }));
    if (pairs.length === 0) return { network: network.network, blockNumber: block, balances: [], failed: [] };
    const results = await network.client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      blockNumber: block,
      batchSize: 0,
      allowFailure: true,
      contracts: pairs.map(({ address, token }) => ({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [address] as const,
      })),
    });
    const read: BalanceRead = { network: network.network, blockNumber: block, balances: [], failed: [] };
    results.forEach((result, index) => {
      const pair = pairs[index];
      if (!pair) return;
      if (result.status === 'success') {
        const units = result.result;
        read.balances.push({ ...pair, units, amount: fromBaseUnits(units, pair.token.decimals) });
      } else read.failed.push(pair);
    });
    return read;
  } catch (error) {
    throw new ChainUnreachableError(network.network, { cause: error });
  }
}
