import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The local chains `npm start` and the tests run (api/dev-chain), one per EVM network the sandbox
 * catalogue moves tokens on, each under its testnet's real chain id: a local chain never takes a
 * mainnet's id, so nothing signed with the public keys below is valid on a real network, and a
 * signature for one network is never valid on the other. The wallet's Safe lives on the first.
 */
export const DEV_CHAINS = [
  { network: 'arbitrum-sepolia', chainId: 421614, name: 'Arbitrum Sepolia (local)', portOffset: 0 },
  { network: 'polygon-amoy', chainId: 80002, name: 'Polygon Amoy (local)', portOffset: 1 },
] as const;
export type DevChainNetwork = (typeof DEV_CHAINS)[number]['network'];

/** The dev chain of a network; its RPC port is the dev chains' base port plus its offset. */
export function devChainOf(network: string): (typeof DEV_CHAINS)[number] | undefined {
  return DEV_CHAINS.find((chain) => chain.network === network);
}

/** The dev chains' accounts: ganache's well-known mnemonic (anvil derives the same keys from it). */
export const DEV_CHAIN_MNEMONIC =
  'myth like bonus scare over problem client lizard pioneer submit female collect';

/**
 * Well-known keys (accounts 0 to 3 of that mnemonic): public on purpose, never used on a real
 * network. The relayer pays for wallet deployments; the deployer only ever sends the three Safe
 * contract creations, so their addresses are fixed (its nonces 0..2); the treasury is the sandbox
 * provider's (it deploys and mints the test tokens, then sends and receives them); the funder is a
 * stranger's wallet tests pay off-ramps from.
 */
export const DEV_CHAIN_KEYS = {
  relayer: '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
  deployer: '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1',
  treasury: '0x6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c',
  funder: '0x646f1ce2fdad0e6deeeb5c7e8e5543bdde65e86029e2fd9fc169899c440a7913',
} as const satisfies Record<string, Hex>;

export const DEV_CHAIN_TREASURY = privateKeyToAccount(DEV_CHAIN_KEYS.treasury).address;
