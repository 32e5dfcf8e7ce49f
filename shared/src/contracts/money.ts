import { z } from '@dash/shared/zod';

/**
 * Amounts and fiat currencies, apart from the provider catalogue so a page that shows transfers
 * (whose contracts use these) does not bundle the catalogue's schemas too.
 */

/** A decimal amount as a string (never a float): up to 18 digits before the point and 8 after. */
export const DECIMAL_AMOUNT = /^\d{1,18}(\.\d{1,8})?$/;
export const DECIMAL_AMOUNT_MESSAGE = 'Enter an amount such as 10 or 10.50';
export const ZDecimalString = z.string().regex(DECIMAL_AMOUNT, { message: DECIMAL_AMOUNT_MESSAGE });

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
 * deposits are typed in fiat, off-ramps in the stablecoin), or null. Only a well-formed amount is
 * looked at: another rule answers the rest.
 */
export function amountDecimalsProblem(amount: string, type: 'fiat' | 'stablecoin'): string | null {
  const trimmed = amount.trim();
  if (!DECIMAL_AMOUNT.test(trimmed)) return null;
  const places = trimmed.split('.')[1]?.length ?? 0;
  if (type === 'fiat') return places > FIAT_DECIMALS ? FIAT_AMOUNT_DECIMALS_MESSAGE : null;
  return places > STABLECOIN_DECIMALS ? STABLECOIN_AMOUNT_DECIMALS_MESSAGE : null;
}
