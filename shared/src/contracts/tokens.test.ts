import fc from 'fast-check';
import { getAddress, getContractAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { EVM_CHAIN_IDS, NETWORKS } from './networks';
import { erc20PaymentUri, fromBaseUnits, LOCAL_CHAIN_TOKENS, TOKENS, toBaseUnits, tokenOf } from './tokens';

/** A decimal string with at most `decimals` places (no trailing zeros after the point). */
const decimalString = (decimals: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.integer({ min: 0, max: decimals }),
      fc.bigInt({ min: 0n, max: 10n ** 18n }),
    )
    .map(([whole, places, fraction]) => {
      if (places === 0) return whole.toString();
      const digits = (fraction % 10n ** BigInt(places)).toString().padStart(places, '0').replace(/0+$/, '');
      return digits ? `${whole}.${digits}` : whole.toString();
    });

describe('base units', () => {
  it('round-trips every decimal string with at most the token decimals', () => {
    for (const decimals of [0, 2, 6, 18]) {
      fc.assert(
        fc.property(decimalString(decimals), (amount) => {
          expect(fromBaseUnits(toBaseUnits(amount, decimals), decimals)).toBe(amount);
        }),
      );
    }
  });

  it('round-trips every base unit amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.constantFrom(0, 6, 18),
        (units, decimals) => {
          expect(toBaseUnits(fromBaseUnits(units, decimals), decimals)).toBe(units);
        },
      ),
    );
  });

  it('refuses more decimals than the token has, never rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 17 }), (decimals) => {
        const amount = `1.${'0'.repeat(decimals)}1`;
        expect(() => toBaseUnits(amount, decimals)).toThrow(RangeError);
      }),
    );
    expect(() => toBaseUnits('1.0000001', 6)).toThrow('more than 6 decimal places');
  });

  it('trims surrounding spaces and refuses what is not a decimal string', () => {
    expect(toBaseUnits('  10 ', 6)).toBe(10_000_000n);
    expect(toBaseUnits('0.000001', 6)).toBe(1n);
    expect(toBaseUnits('4800', 18)).toBe(4800n * 10n ** 18n);
    for (const bad of ['', '-1', '1e6', '1,5', '.5', '5.', '0x10', 'ten']) {
      expect(() => toBaseUnits(bad, 6), bad).toThrow(RangeError);
    }
    expect(fromBaseUnits(10n, 6)).toBe('0.00001');
    expect(fromBaseUnits(0n, 6)).toBe('0');
  });
});

describe('token table', () => {
  it('records checksummed addresses, one token per network and symbol', () => {
    for (const table of [TOKENS, LOCAL_CHAIN_TOKENS]) {
      const keys = table.map((token) => `${token.network}:${token.symbol}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const token of table) expect(getAddress(token.address)).toBe(token.address);
    }
  });

  it('places each local token where the dev chains treasury deploys it', () => {
    // The dev chains' treasury account (api/dev-chain): the fourth-listed well-known key, account 2.
    const treasury = privateKeyToAccount(
      '0x6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c',
    );
    for (const token of LOCAL_CHAIN_TOKENS) {
      expect(getContractAddress({ from: treasury.address, nonce: BigInt(token.deployerNonce) })).toBe(
        token.address,
      );
    }
  });

  it('picks the local or the real deployment', () => {
    expect(tokenOf('arbitrum-sepolia', 'USDC', true)?.address).toBe(
      '0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352',
    );
    expect(tokenOf('arbitrum-sepolia', 'USDC', false)?.address).toBe(
      '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
    );
    expect(tokenOf('polygon-amoy', 'testbrz', true)?.decimals).toBe(18);
    expect(tokenOf('polygon-amoy', 'testbrz', false)).toBeUndefined();
  });
});

describe('EIP-681 payment request', () => {
  it('names the token, the chain, the recipient and the amount in base units', () => {
    expect(
      erc20PaymentUri({
        token: '0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352',
        chainId: 421614,
        to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        units: toBaseUnits('10.5', 6),
      }),
    ).toBe(
      'ethereum:0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352@421614/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=10500000',
    );
  });
});

describe('EVM chain ids', () => {
  it('knows every EVM network, each under its own id', () => {
    const evm = NETWORKS.filter((network) => network.type === 'evm').map((network) => network.id);
    expect(evm.filter((id) => EVM_CHAIN_IDS[id] === undefined)).toEqual([]);
    const ids = Object.values(EVM_CHAIN_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
