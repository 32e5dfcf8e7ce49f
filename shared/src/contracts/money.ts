import { z } from '@dash/shared/zod';

/**
 * Amounts and fiat currencies, apart from the provider catalogue so a page that shows transfers
 * (whose contracts use these) does not bundle the catalogue's schemas too; and the amount rules
 * other contracts take one of (ZPositiveAmount, ZSignedDecimalString), so that a contract that needs
 * one (a Safe transaction's amount, a holding's ledger sum) does not bundle every schema of the
 * transfers or the overview with it: a module's schemas are kept whole once one is imported (the
 * wallet's area carried transfers, overview, KYB and providers for these two).
 */

/** A decimal amount as a string (never a float): up to 18 digits before the point and 8 after. */
export const DECIMAL_AMOUNT = /^\d{1,18}(\.\d{1,8})?$/;
export const DECIMAL_AMOUNT_MESSAGE = 'Enter an amount such as 10 or 10.50';
export const ZDecimalString = z.string().regex(DECIMAL_AMOUNT, { message: DECIMAL_AMOUNT_MESSAGE });

/** A signed decimal string as the ledger sums it: '-12.5', '0', '1250.00'. */
export const ZSignedDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const AMOUNT_POSITIVE_MESSAGE = 'Amount must be positive';
/** Up to 18 digits, and any number of decimal places: how many an amount may have depends on what it is. */
const TYPED_AMOUNT = /^\d{1,18}(\.\d+)?$/;
/**
 * A positive decimal string, answering zero and a minus sign with `message`: a minus sign with it
 * alone (what it is, not the format hint), and nothing else is checked then. Surrounding spaces are
 * trimmed first ('  10 ' is 10), the one rule for every amount a member types or an API takes.
 */
export const positiveDecimal = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine((value) => !/^\s*-/.test(value), { message, abort: true })
    .regex(TYPED_AMOUNT, { message: DECIMAL_AMOUNT_MESSAGE })
    .refine((value) => /[1-9]/.test(value), { message });

/**
 * What every amount a member types must be, but for its decimal places: each schema that takes one
 * checks them for what the amount is in (checkAmountDecimals: 2 for fiat, 6 for a stablecoin, both
 * within what the ledger stores), so "1.123456789" is told the places it may have, not the format.
 */
export const ZPositiveAmount = positiveDecimal(AMOUNT_POSITIVE_MESSAGE);

/** ISO 4217 fiat currencies the providers serve, with the rail each moves on. */
export const FIAT_CURRENCIES = ['BRL', 'MXN'] as const;
export const ZFiatCurrency = z.enum(FIAT_CURRENCIES, { message: 'Choose BRL or MXN' });
export type TFiatCurrency = z.infer<typeof ZFiatCurrency>;
export const RAIL_BY_CURRENCY = { BRL: 'Pix', MXN: 'SPEI' } as const satisfies Record<TFiatCurrency, string>;

/**
 * The most decimal places an amount a member types may have, so that what is quoted, paid and
 * recorded is exactly what was typed (a provider would otherwise round it, and "1.234 BRL" would
 * quietly become R$1.23). Fiat: the currency's minor unit (ISO 4217: centavos for BRL and MXN).
 * Stablecoins: 6, the precision of USDC and USDT and what the providers settle to.
 */
export const FIAT_DECIMALS = 2;
export const STABLECOIN_DECIMALS = 6;
export const FIAT_AMOUNT_DECIMALS_MESSAGE = 'Enter the amount with at most 2 decimal places';
export const STABLECOIN_AMOUNT_DECIMALS_MESSAGE = 'Enter the amount with at most 6 decimal places';

/**
 * The message for an amount with more decimal places than `type`'s amounts may have (on-ramps and
 * deposits are typed in fiat, off-ramps in the stablecoin), or null. `amount` is one the amount's
 * own rules took (ZPositiveAmount): they answer the rest.
 */
export function amountDecimalsProblem(amount: string, type: 'fiat' | 'stablecoin'): string | null {
  const places = amount.split('.')[1]?.length ?? 0;
  if (type === 'fiat') return places > FIAT_DECIMALS ? FIAT_AMOUNT_DECIMALS_MESSAGE : null;
  return places > STABLECOIN_DECIMALS ? STABLECOIN_AMOUNT_DECIMALS_MESSAGE : null;
}

/**
 * -1, 0 or 1 as `a` is below, equal to or above `b`: decimal strings (DECIMAL_AMOUNT) compared as
 * written, never as floats ('10.5' equals '10.50', '0.1' is below '0.10000001').
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const aInteger = aWhole.replace(/^0+(?=\d)/, '');
  const bInteger = bWhole.replace(/^0+(?=\d)/, '');
  if (aInteger.length !== bInteger.length) return aInteger.length < bInteger.length ? -1 : 1;
  if (aInteger !== bInteger) return aInteger < bInteger ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const aDigits = aFraction.padEnd(width, '0');
  const bDigits = bFraction.padEnd(width, '0');
  if (aDigits === bDigits) return 0;
  return aDigits < bDigits ? -1 : 1;
}

export const AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE =
  "This amount is below the provider's minimum per transfer";
export const AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE =
  "This amount is above the provider's maximum per transfer";

/**
 * The message for a transfer worth `fiatAmount` outside a provider's limits for its currency (the
 * catalogue's minAmount and maxAmount, both included), or null.
 */
export function providerLimitProblem(
  fiatAmount: string,
  limits: { minAmount: string; maxAmount: string },
): string | null {
  if (compareDecimals(fiatAmount, limits.minAmount) < 0) return AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE;
  if (compareDecimals(fiatAmount, limits.maxAmount) > 0) return AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE;
  return null;
}
