import { networkOfChainId, type TNetworkId } from '@dash/shared/contracts';

/** The network a Safe on this chain id is on (a local dev chain takes its testnet's id). */
export function networkOfChain(chainId: number): TNetworkId {
  const network = networkOfChainId(chainId);
  if (!network) throw new Error(`No network has chain id ${chainId}`);
  return network;
}
