import type { TNetworkId } from './network-ids';

/**
 * The stablecoins the product moves, as data: network -> symbol -> contract address and decimals.
 * The API (checking deliveries, reading balances), the sandbox provider (sending and watching) and
 * the UI (payment URIs, amounts) all read this one table.
 *
 * Two tables, because a local chain stands in for a testnet under the testnet's own chain id but
 * holds its own deployments: TOKENS are the real contracts on the real networks; LOCAL_CHAIN_TOKENS
 * are the test tokens the dev chains (api/dev-chain) deploy at first start, at the addresses their
 * deployer's nonces give (checked at every start). tokenOf picks by whether the network's RPC is a
 * local chain.
 */
export interface TTokenRecord {
  network: TNetworkId;
  symbol: string;
  /** Checksummed contract address. */
  address: `0x${string}`;
  /** The token's own decimals: base units per whole token are 10^decimals. */
  decimals: number;
  name: string;
}

/**
 * Real deployments. USDC: Circle's native USDC (6 decimals) on each network. MXNB: Juno's token
 * (a FiatTokenProxy with 6 decimals, as etherscan.io shows for 0xF197…80aA). BRZ: Transfero's BRZ v2
 * on Polygon (18 decimals).
 */
export const TOKENS: readonly TTokenRecord[] = [
  {
    network: 'ethereum',
    symbol: 'USDC',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    name: 'USD Coin',
  },
  {
    network: 'arbitrum-one',
    symbol: 'USDC',
    address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    decimals: 6,
    name: 'USD Coin',
  },
  {
    network: 'arbitrum-one',
    symbol: 'MXNB',
    address: '0xF197FFC28c23E0309B5559e7a166f2c6164C80aA',
    decimals: 6,
    name: 'MXNB',
  },
  {
    network: 'arbitrum-sepolia',
    symbol: 'USDC',
    address: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
    decimals: 6,
    name: 'USD Coin',
  },
  {
    network: 'polygon',
    symbol: 'USDC',
    address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    decimals: 6,
    name: 'USD Coin',
  },
  {
    network: 'polygon',
    symbol: 'BRZ',
    address: '0x4eD141110F6EeeAbA9A1df36d8c26f684d2475Dc',
    decimals: 18,
    name: 'BRZ Token',
  },
  {
    network: 'base',
    symbol: 'USDC',
    address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    name: 'USD Coin',
  },
];

/**
 * The dev chains' test tokens: TestStablecoin (OpenZeppelin ERC20, api/dev-chain/contracts) with
 * the real token's decimals, deployed by the dev chains' treasury account (its nonces 0, 1, … on
 * each chain, in this order). testbrz follows BRZ on Polygon (18 decimals).
 */
export const LOCAL_CHAIN_TOKENS: readonly (TTokenRecord & { deployerNonce: number })[] = [
  {
    network: 'arbitrum-sepolia',
    symbol: 'USDC',
    address: '0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352',
    decimals: 6,
    name: 'USD Coin (local test token)',
    deployerNonce: 0,
  },
  {
    network: 'arbitrum-sepolia',
    symbol: 'MXNB',
    address: '0x47AFf4EbA9820a24E5A383B1bE3f226bEFAe148A',
    decimals: 6,
    name: 'MXNB (local test token)',
    deployerNonce: 1,
  },
  {
    network: 'polygon-amoy',
    symbol: 'testbrz',
    address: '0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352',
    decimals: 18,
    name: 'testbrz (local test token)',
    deployerNonce: 0,
  },
];

/** Multicall3, at the address it has on every chain (the dev chains put it there too). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The token a network and symbol name, on a local chain or the real network; undefined when none is known. */
export function tokenOf(network: string, symbol: string, local: boolean): TTokenRecord | undefined {
  const table: readonly TTokenRecord[] = local ? LOCAL_CHAIN_TOKENS : TOKENS;
  return table.find((token) => token.network === network && token.symbol === symbol);
}

/** The tokens known on a network (local chain or real network). */
export function tokensOn(network: string, local: boolean): TTokenRecord[] {
  const table: readonly TTokenRecord[] = local ? LOCAL_CHAIN_TOKENS : TOKENS;
  return table.filter((token) => token.network === network);
}

/**
 * A decimal string as the token's integer base units, exactly: at most `decimals` places, surrounding
 * spaces trimmed ('  10 ' is 10); anything else (more places, a sign, an exponent) is refused with
 * a RangeError, never rounded. The one conversion from decimal strings to chain amounts.
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const trimmed = amount.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new RangeError(`${trimmed} has more than ${decimals} decimal places`);
  }
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/**
 * Integer base units as the shortest exact decimal string (10 units of a 6-decimal token are
 * '0.00001', 1000000 are '1'). The one conversion from chain amounts to decimal strings.
 */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The EIP-681 request to send `units` base units of an ERC-20 token to `to` on chain `chainId`, as
 * wallets read it: ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>.
 */
export function erc20PaymentUri(request: {
  token: string;
  chainId: number;
  to: string;
  units: bigint;
}): string {
  return `ethereum:${request.token}@${request.chainId}/transfer?address=${request.to}&uint256=${request.units}`;
}
