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
