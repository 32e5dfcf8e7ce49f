import { EVM_CHAIN_IDS, type TNetworkId } from '@dash/shared/contracts';

/** The network a Safe on this chain id is on (a local dev chain takes its testnet's id). */
export function networkOfChain(chainId: number): TNetworkId {
  const found = (Object.entries(EVM_CHAIN_IDS) as [TNetworkId, number][]).find(([, id]) => id === chainId);
  if (!found) throw new Error(`No network has chain id ${chainId}`);
  return found[0];
}
