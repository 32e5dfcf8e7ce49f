import { describe, expect, it } from 'vitest';
import { FIAT_AMOUNT_DECIMALS_MESSAGE, STABLECOIN_AMOUNT_DECIMALS_MESSAGE, ZPositiveAmount } from './money';
import {
  transactionsExportPath,
  ZCreateDepositRequest,
  ZCreateQuoteRequest,
  ZOffRampForm,
  ZOnRampForm,
} from './transfers';

/** The messages a typed amount gets, in order (what a form shows first comes first). */
const messagesOf = (value: string) => {
  const result = ZPositiveAmount.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a typed amount', () => {
  it('takes positive decimals up to 18 digits and 8 decimals', () => {
    for (const value of ['10', '10.50', '0.00000001', '123456789012345678.12345678']) {
      expect(ZPositiveAmount.parse(value)).toBe(value);
    }
  });

  it('answers a negative amount with "Amount must be positive" alone, not the format hint', () => {
    expect(messagesOf('-5')).toEqual(['Amount must be positive']);
    expect(messagesOf(' -10.50')).toEqual(['Amount must be positive']);
    expect(messagesOf('-abc')).toEqual(['Amount must be positive']);
  });

  it('answers zero as not positive and other text with the format hint', () => {
    expect(messagesOf('0')).toEqual(['Amount must be positive']);
    expect(messagesOf('0.000')).toEqual(['Amount must be positive']);
    expect(messagesOf('ten')).toEqual(['Enter an amount such as 10 or 10.50', 'Amount must be positive']);
    expect(messagesOf('1,5')).toEqual(['Enter an amount such as 10 or 10.50']);
  });

  it('trims surrounding spaces by one rule, for the quote, the deposit and the forms alike', () => {
    expect(ZPositiveAmount.parse('  10 ')).toBe('10');
    const quote = ZCreateQuoteRequest.parse({
      providerUid: '22222222-2222-4222-8222-222222222222',
      type: 'on_ramp',
      currency: 'BRL',
      network: 'polygon-amoy',
      amount: '  10 ',
    });
    expect(quote.amount).toBe('10');
    const deposit = ZCreateDepositRequest.parse({
      provider: 'Transfero',
      currencyId: 'BRL',
      stablecoinId: 'testbrz',
      networkId: 'polygon-amoy',
      targetWalletUid: '44444444-4444-4444-8444-444444444444',
      amount: '  10 ',
    });
    expect(deposit.amount).toBe('10');
    expect(messagesOf('1 0')).toEqual(['Enter an amount such as 10 or 10.50']);
  });

  it('leaves the decimal places to what the amount is in: 9 or more are not a format problem', () => {
    expect(messagesOf('1.123456789')).toEqual([]);
  });
});

describe("an amount's decimal places, by what it is typed in", () => {
  const amountMessages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    result.success
      ? []
      : (result.error?.issues ?? [])
          .filter((issue) => issue.path[0] === 'amount')
          .map((issue) => issue.message);
  const quote = (type: 'on_ramp' | 'off_ramp', amount: string) =>
    amountMessages(
      ZCreateQuoteRequest.safeParse({
        providerUid: '22222222-2222-4222-8222-222222222222',
        type,
        currency: 'BRL',
        network: 'polygon-amoy',
        amount,
      }),
    );
  const deposit = (amount: string) =>
    amountMessages(
      ZCreateDepositRequest.safeParse({
        provider: 'Transfero',
        currencyId: 'BRL',
        stablecoinId: 'testbrz',
        networkId: 'polygon-amoy',
        targetWalletUid: '44444444-4444-4444-8444-444444444444',
        amount,
      }),
    );
  const form = (schema: typeof ZOnRampForm, amount: string) =>
    amountMessages(
      schema.safeParse({ providerUid: 'p', currency: 'MXN', counterpartyUid: 'c', network: '', amount }),
    );

  it('fiat (on-ramps, deposits) to the cent, stablecoins (off-ramps) to 6 decimals, in the API and the forms alike', () => {
    expect(quote('on_ramp', '10.5')).toEqual([]);
    expect(quote('on_ramp', '10.50')).toEqual([]);
    expect(quote('on_ramp', '10.501')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
    expect(quote('off_ramp', '10.501')).toEqual([]);
    expect(quote('off_ramp', '10.123456')).toEqual([]);
    expect(quote('off_ramp', '10.1234567')).toEqual([STABLECOIN_AMOUNT_DECIMALS_MESSAGE]);
    expect(form(ZOnRampForm, '0.001')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
    expect(form(ZOnRampForm, '1000')).toEqual([]);
    expect(form(ZOffRampForm, '0.001')).toEqual([]);
    expect(form(ZOffRampForm, '0.0000001')).toEqual([STABLECOIN_AMOUNT_DECIMALS_MESSAGE]);
    expect(deposit(' 50.50 ')).toEqual([]);
    expect(deposit('50.505')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
    expect(deposit(' 50.505 ')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
  });

  it('tells an amount with more places than the ledger keeps (9 or more) how many it may have', () => {
    expect(quote('on_ramp', '10.123456789')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
    expect(quote('off_ramp', '10.123456789')).toEqual([STABLECOIN_AMOUNT_DECIMALS_MESSAGE]);
    expect(form(ZOnRampForm, '0.0000000001')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
    expect(form(ZOffRampForm, '0.0000000001')).toEqual([STABLECOIN_AMOUNT_DECIMALS_MESSAGE]);
    expect(deposit('50.123456789')).toEqual([FIAT_AMOUNT_DECIMALS_MESSAGE]);
  });

  it('says one thing at a time: a malformed or non-positive amount gets its own message, not the decimals one', () => {
    expect(quote('on_ramp', '1,234')).toEqual(['Enter an amount such as 10 or 10.50']);
    expect(quote('on_ramp', '-1.234')).toEqual(['Amount must be positive']);
    expect(quote('on_ramp', '0.000')).toEqual(['Amount must be positive']);
    expect(deposit('0.000')).toEqual(['Amount must be positive']);
    expect(deposit('1.2345.6')).toEqual(['Enter an amount such as 10 or 10.50']);
  });
});

describe('the CSV export link', () => {
  it('carries exactly the filters set, and none when none is', () => {
    expect(
      transactionsExportPath('org 1', { status: 'completed', currency: 'BRL', from: '2026-01-01' }),
    ).toBe(
      '/api/v0/organizations/org%201/transactions/export.csv?status=completed&currency=BRL&from=2026-01-01',
    );
    expect(transactionsExportPath('org1', { type: undefined })).toBe(
      '/api/v0/organizations/org1/transactions/export.csv',
    );
  });
});
