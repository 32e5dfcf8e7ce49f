import { fromBaseUnits, type TTokenRecord } from '@dash/shared/contracts';
import { type Address, erc20Abi, getAddress, type Log, parseEventLogs } from 'viem';

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
