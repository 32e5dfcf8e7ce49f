import { coded, deferred, english, englishOrNull, type TMessageCode } from '@dash/shared/contracts-core';
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
export const DECIMAL_AMOUNT_MESSAGE = english('messages.amountFormat');
export const ZDecimalString = deferred(() =>
  z.string().regex(DECIMAL_AMOUNT, coded('messages.amountFormat')),
);

/** A signed decimal string as the ledger sums it: '-12.5', '0', '1250.00'. */
export const ZSignedDecimalString = deferred(() => z.string().regex(/^-?\d+(\.\d+)?$/));

export const AMOUNT_POSITIVE_MESSAGE = english('messages.amountPositive');
/** Up to 18 digits, and any number of decimal places: how many an amount may have depends on what it is. */
const TYPED_AMOUNT = /^\d{1,18}(\.\d+)?$/;
/**
 * A positive decimal string, answering zero and a minus sign with `message`: a minus sign with it
 * alone (what it is, not the format hint), and nothing else is checked then. Surrounding spaces are
 * trimmed first ('  10 ' is 10), the one rule for every amount a member types or an API takes.
 */
export const positiveDecimal = (message: TMessageCode) =>
  z
    .string(coded(message))
    .trim()
    .refine((value) => !/^\s*-/.test(value), { ...coded(message), abort: true })
    .regex(TYPED_AMOUNT, coded('messages.amountFormat'))
    .refine((value) => /[1-9]/.test(value), coded(message));

/**
 * What every amount a member types must be, but for its decimal places: each schema that takes one
 * checks them for what the amount is in (checkAmountDecimals: 2 for fiat, 6 for a stablecoin, both
 * within what the ledger stores), so "1.123456789" is told the places it may have, not the format.
 */
export const ZPositiveAmount = deferred(() => positiveDecimal('messages.amountPositive'));

/** ISO 4217 fiat currencies the providers serve, with the rail each moves on. */
export const FIAT_CURRENCIES = ['BRL', 'MXN'] as const;
export const ZFiatCurrency = deferred(() => z.enum(FIAT_CURRENCIES, coded('messages.chooseBrlOrMxn')));
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
export const FIAT_AMOUNT_DECIMALS_MESSAGE = english('messages.amountFiatDecimals');
export const STABLECOIN_AMOUNT_DECIMALS_MESSAGE = english('messages.amountStablecoinDecimals');

/**
 * The message for an amount with more decimal places than `type`'s amounts may have (on-ramps and
 * deposits are typed in fiat, off-ramps in the stablecoin), or null. `amount` is one the amount's
 * own rules took (ZPositiveAmount): they answer the rest.
 */
export function amountDecimalsProblemCode(amount: string, type: 'fiat' | 'stablecoin'): TMessageCode | null {
  const places = amount.split('.')[1]?.length ?? 0;
  if (type === 'fiat') return places > FIAT_DECIMALS ? 'messages.amountFiatDecimals' : null;
  return places > STABLECOIN_DECIMALS ? 'messages.amountStablecoinDecimals' : null;
}
export const amountDecimalsProblem = (amount: string, type: 'fiat' | 'stablecoin') =>
  englishOrNull(amountDecimalsProblemCode(amount, type));

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

export const AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE = english('messages.amountBelowProviderMinimum');
export const AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE = english('messages.amountAboveProviderMaximum');

/**
 * The message for a transfer worth `fiatAmount` outside a provider's limits for its currency (the
 * catalogue's minAmount and maxAmount, both included), or null.
 */
export function providerLimitProblemCode(
  fiatAmount: string,
  limits: { minAmount: string; maxAmount: string },
): TMessageCode | null {
  if (compareDecimals(fiatAmount, limits.minAmount) < 0) return 'messages.amountBelowProviderMinimum';
  if (compareDecimals(fiatAmount, limits.maxAmount) > 0) return 'messages.amountAboveProviderMaximum';
  return null;
}
export const providerLimitProblem = (fiatAmount: string, limits: { minAmount: string; maxAmount: string }) =>
  englishOrNull(providerLimitProblemCode(fiatAmount, limits));
