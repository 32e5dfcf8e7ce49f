import { describe, expect, it } from 'vitest';
import {
  AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE,
  AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE,
  compareDecimals,
  providerLimitProblem,
} from './money';

/** The amount in units of 10^-8 (DECIMAL_AMOUNT's smallest step), as an exact integer. */
const scaled = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, '0') || '0');
};

const AMOUNTS = [
  '0',
  '0.00000001',
  '0.1',
  '0.10',
  '0.10000001',
  '1',
  '01',
  '1.0',
  '1.00000000',
  '9.99',
  '9.999',
  '10',
  '10.00',
  '10.01',
  '99.5',
  '100',
  '099.99999999',
  '500000.00',
  '500000.01',
  '999999999999999999.99999999',
  '123456789012345678',
];

describe('decimal strings compared as written', () => {
  it('orders every pair as their exact values do (no floats: 18 digits and 8 decimals stay exact)', () => {
    for (const a of AMOUNTS) {
      for (const b of AMOUNTS) {
        const exact = scaled(a) === scaled(b) ? 0 : scaled(a) < scaled(b) ? -1 : 1;
        expect(compareDecimals(a, b), `${a} vs ${b}`).toBe(exact);
      }
    }
  });
});

describe("a provider's limits per transfer", () => {
  const limits = { minAmount: '10.00', maxAmount: '500000.00' };
  it('take both ends and everything between, and name the end an amount is past', () => {
    expect(providerLimitProblem('10', limits)).toBeNull();
    expect(providerLimitProblem('500000', limits)).toBeNull();
    expect(providerLimitProblem('1234.56', limits)).toBeNull();
    expect(providerLimitProblem('9.99', limits)).toBe(AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE);
    expect(providerLimitProblem('500000.01', limits)).toBe(AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE);
  });
});
