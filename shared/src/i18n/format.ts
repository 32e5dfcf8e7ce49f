import type { TLocale } from '../contracts/locale';

/** Intl accepts a decimal string as an exact value (Intl.NumberFormat v3); the lib types lag behind. */
type TFormatInput = number | bigint | `${number}`;
const asIntlInput = (value: string | number) => value as TFormatInput;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

function fractionDigits(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

const ISO_4217 = /^[A-Z]{3}$/;

/**
 * An amount (a decimal string, never a float) in the locale's money format: BRL in pt-BR is
 * "R$ 1.234,56", MXN in es-MX "$1,234.56". At least two decimals, and never fewer than the amount
 * carries, so nothing is rounded away. A token symbol (USDC, testbrz) follows the number.
 */
export function formatMoney(amount: string, currency: string, locale: TLocale): string {
  const digits = Math.min(20, Math.max(2, fractionDigits(amount)));
  const code = currency.toUpperCase();
  if (ISO_4217.test(code)) {
    return cached(
      `m|${locale}|${code}|${digits}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: code,
          minimumFractionDigits: 2,
          maximumFractionDigits: digits,
        }),
    ).format(asIntlInput(amount));
  }
  const number = cached(
    `t|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: digits }),
  ).format(asIntlInput(amount));
  return `${number} ${currency}`;
}

/** A decimal string or a count in the locale's digits and separators, exactly. */
export function formatNumber(value: string | number, locale: TLocale): string {
  const digits = typeof value === 'string' ? Math.min(20, fractionDigits(value)) : 3;
  return cached(
    `n|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
  ).format(asIntlInput(value));
}

export function formatDateTime(iso: string, locale: TLocale): string {
  return cached(
    `dt|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(iso));
}

export function formatLongDate(iso: string, locale: TLocale): string {
  return cached(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(
    new Date(iso),
  );
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relativeTimeFormat = (locale: TLocale) =>
  cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/**
 * Makes the locale's relative-time formatter when the browser is next idle. A page's first
 * Intl.RelativeTimeFormat loads ICU's data: about 70 ms at 4x CPU, against well under 1 ms for the
 * next one in any language. A page about to show relative times (the Message Center's threads)
 * calls this as its code loads, so that cost falls in the wait for its data instead of in the
 * render of the answer.
 */
export function prepareRelativeTime(locale: TLocale): void {
  const make = () => {
    relativeTimeFormat(locale);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(make, { timeout: 2_000 });
  else setTimeout(make, 0);
}

/** "3 minutes ago", "hace 3 minutos", "em 2 dias": the largest unit that fits. */
export function formatRelativeTime(iso: string, locale: TLocale, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const formatter = relativeTimeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return formatter.format(Math.trunc(seconds / size), unit);
    }
  }
  return formatter.format(0, 'second');
}
