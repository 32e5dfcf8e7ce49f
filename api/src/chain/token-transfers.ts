import { fromBaseUnits, type TTokenRecord } from '@dash/shared/contracts';
import { type Address, erc20Abi, getAddress, type Log, parseAbiItem, parseEventLogs } from 'viem';
import { ChainUnreachableError, type WatchedNetwork } from './client';

/** One ERC-20 Transfer log of a known token, decoded. */
export interface TokenTransferLog {
  token: TTokenRecord;
  from: Address;
  to: Address;
  units: bigint;
  /** units as a decimal string in whole tokens. */
  amount: string;
  txHash: `0x${string}`;
  logIndex: number;
  blockNumber: bigint;
}

/**
 * The Transfer logs among `logs` emitted by one of `tokens` (a log of any other contract, or a
 * Transfer-shaped event of an unknown one, is not a token movement we count).
 */
export function decodeTokenTransfers(
  logs: readonly Log[],
  tokens: readonly TTokenRecord[],
): TokenTransferLog[] {
  const byAddress = new Map(tokens.map((token) => [token.address.toLowerCase(), token]));
  const known = logs.filter((log) => byAddress.has(log.address.toLowerCase()));
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: known, strict: true }).flatMap(
    (log) => {
      const token = byAddress.get(log.address.toLowerCase());
      if (!token || log.transactionHash === null || log.logIndex === null || log.blockNumber === null)
        return [];
      return [
        {
          token,
          from: getAddress(log.args.from),
          to: getAddress(log.args.to),
          units: log.args.value,
          amount: fromBaseUnits(log.args.value, token.decimals),
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
        },
      ];
    },
  );
}

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/**
 * Every Transfer of the network's tokens to one of `addresses` in blocks `fromBlock`..`toBlock`
 * (both included), in one eth_getLogs (the addresses as one OR'ed topic), decoded. A chain that does
 * not answer is a ChainUnreachableError.
 */
export async function readTransfersTo(
  network: WatchedNetwork,
  addresses: readonly string[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<TokenTransferLog[]> {
  if (addresses.length === 0 || network.tokens.length === 0 || fromBlock > toBlock) return [];
  try {
    const logs = await network.client.getLogs({
      address: network.tokens.map((token) => token.address),
      event: TRANSFER_EVENT,
      args: { to: addresses.map((address) => getAddress(address)) },
      fromBlock,
      toBlock,
    });
    return decodeTokenTransfers(logs, network.tokens);
  } catch (error) {
    throw new ChainUnreachableError(network.network, { cause: error });
  }
}

/** A decoded log as the chain_transfers columns record it (the kind and owner are the caller's). */
export function chainTransferColumns(log: TokenTransferLog, chainId: number, network: string) {
  return {
    chainId,
    network,
    txHash: log.txHash,
    logIndex: log.logIndex,
    blockNumber: Number(log.blockNumber),
    token: log.token.address,
    symbol: log.token.symbol,
    decimals: log.token.decimals,
    fromAddress: log.from,
    toAddress: log.to,
    units: log.units.toString(),
  };
}
