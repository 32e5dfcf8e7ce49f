import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type TLocale } from '../contracts/locale';
import { compareDecimals, DECIMAL_AMOUNT } from '../contracts/money';
import { amountFromInput, formatAmountInput, formatNumber, NUMBER_MARKS, parseAmount } from './format';

const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** A contract amount as the API sends it: up to 18 digits (no leading zero) and up to 8 decimals. */
const decimalString = fc
  .tuple(
    fc.oneof(
      fc.constant('0'),
      fc.tuple(fc.constantFrom(...'123456789'), digits(0, 17)).map(([first, rest]) => first + rest),
    ),
    fc.option(digits(1, 8), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

const locale = fc.constantFrom(...SUPPORTED_LOCALES);
const read = (typed: string, language: TLocale) => {
  const parsed = parseAmount(typed, language);
  return parsed.ok ? parsed.amount : parsed.problem;
};

describe('an amount typed the reader’s way', () => {
  it('knows the marks Intl writes numbers with in every language', () => {
    for (const language of SUPPORTED_LOCALES) {
      const parts = new Intl.NumberFormat(language).formatToParts(1234567.5);
      expect({
        decimal: parts.find((part) => part.type === 'decimal')?.value,
        group: parts.find((part) => part.type === 'group')?.value,
      }).toEqual(NUMBER_MARKS[language]);
    }
  });

  it('reads back, exactly, any amount the app writes into an input in any language', () => {
    fc.assert(
      fc.property(decimalString, locale, (amount, language) => {
        expect(parseAmount(formatAmountInput(amount, language), language)).toEqual({ ok: true, amount });
      }),
      { numRuns: 500 },
    );
  });

  it('reads the app’s own number format to the same value, with spaces around', () => {
    fc.assert(
      fc.property(decimalString, locale, (amount, language) => {
        const parsed = parseAmount(` ${formatNumber(amount, language)}\t`, language);
        expect(parsed.ok && compareDecimals(parsed.amount, amount)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps 18 digits and 8 decimals exact (never a JS number)', () => {
    expect(read('123.456.789.012.345.678,12345678', 'pt-BR')).toBe('123456789012345678.12345678');
    expect(read('123,456,789,012,345,678.12345678', 'en')).toBe('123456789012345678.12345678');
    expect(read('999999999999999999,99999999', 'pt-BR')).toBe('999999999999999999.99999999');
    expect(formatAmountInput('123456789012345678.12345678', 'pt-BR')).toBe(
      '123.456.789.012.345.678,12345678',
    );
  });

  it('takes pt-BR’s decimal comma and its group points in group places only', () => {
    const cases: Array<[string, string]> = [
      ['20,50', '20.50'],
      ['20,5', '20.5'],
      ['0,001', '0.001'],
      ['1.234,56', '1234.56'],
      ['1234,56', '1234.56'],
      ['1.234.567', '1234567'],
      ['  10  ', '10'],
      ['1,2,3', 'malformed'],
      ['1.23,4.5', 'malformed'],
      ['12.34,5', 'malformed'],
      ['1.234.5678,9', 'malformed'],
      ['0.123,4', 'malformed'],
      ['10,', 'malformed'],
      [',5', 'malformed'],
      ['1 000', 'malformed'],
      ['R$ 10,00', 'malformed'],
      ['ten', 'malformed'],
      ['', 'empty'],
      ['   ', 'empty'],
      ['-5', 'negative'],
      ['-5,50', 'negative'],
    ];
    for (const [typed, expected] of cases) expect([typed, read(typed, 'pt-BR')]).toEqual([typed, expected]);
  });

  it('takes a point as pt-BR’s decimal mark where it cannot be the group mark, and as the group mark where it can', () => {
    const cases: Array<[string, string]> = [
      ['20.5', '20.5'],
      ['10.50', '10.50'],
      ['0.500', '0.500'],
      ['1234.567', '1234.567'],
      ['1.5', '1.5'],
      // In group places: one thousand, as a pt-BR reader writes it.
      ['1.000', '1000'],
      ['1.500', '1500'],
      ['12.345.678', '12345678'],
      ['1.5.3', 'malformed'],
      ['1.000.5', 'malformed'],
    ];
    for (const [typed, expected] of cases) expect([typed, read(typed, 'pt-BR')]).toEqual([typed, expected]);
  });

  it('takes the point as the decimal mark and the comma in group places in English and es-MX, never a decimal comma', () => {
    const cases: Array<[string, string]> = [
      ['20.50', '20.50'],
      ['1,234.56', '1234.56'],
      ['1,234,567', '1234567'],
      ['1,000', '1000'],
      ['1234.5', '1234.5'],
      ['20,50', 'malformed'],
      ['20,5', 'malformed'],
      ['1,2,3', 'malformed'],
      ['1.23,4.5', 'malformed'],
      ['1.234,56', 'malformed'],
      ['1.2.3', 'malformed'],
      ['-1', 'negative'],
    ];
    for (const language of ['en', 'es-MX'] as const) {
      for (const [typed, expected] of cases) {
        expect([language, typed, read(typed, language)]).toEqual([language, typed, expected]);
      }
    }
  });

  it('reads every contract decimal string in English and es-MX as itself, and to some amount in pt-BR', () => {
    fc.assert(
      fc.property(decimalString, (amount) => {
        expect(read(amount, 'en')).toBe(amount);
        expect(read(amount, 'es-MX')).toBe(amount);
        expect(parseAmount(amount, 'pt-BR').ok).toBe(true);
      }),
    );
  });

  it('hands a contract what it cannot read as typed, which the contract’s decimal rule then refuses', () => {
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789.,- R$'), maxLength: 14 });
    fc.assert(
      fc.property(typed, locale, (text, language) => {
        const parsed = parseAmount(text, language);
        if (parsed.ok) {
          expect(amountFromInput(text, language)).toBe(parsed.amount);
          expect(parsed.amount).toMatch(/^\d+(\.\d+)?$/);
        } else {
          expect(amountFromInput(text, language)).toBe(text);
          expect(DECIMAL_AMOUNT.test(text)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
