import type { TLocale } from '../contracts/locale';

/** Intl accepts a decimal string as an exact value (Intl.NumberFormat v3); the lib types lag behind. */
type TFormatInput = number | bigint | `${number}`;
const asIntlInput = (value: string | number) => value as TFormatInput;

type TIntlFormat = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const cache = new Map<string, TIntlFormat>();
function cached<T extends TIntlFormat>(key: string, make: () => T): T {
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
  const code = currency.toUpperCase();
  if (!ISO_4217.test(code)) return `${formatAmount(amount, locale)} ${currency}`;
  const digits = Math.min(20, Math.max(2, fractionDigits(amount)));
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

/**
 * An amount with no currency of its own (a threshold that applies to every stablecoin) as money is
 * written: the locale's marks, at least two decimals and never fewer than it carries, so nothing is
 * rounded away and "2500.5" (or `numeric`'s "2500.50000000") reads "2,500.50", "100" reads "100.00".
 */
export function formatAmount(amount: string, locale: TLocale): string {
  const digits = Math.min(20, Math.max(2, fractionDigits(amount)));
  return cached(
    `t|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: digits }),
  ).format(asIntlInput(amount));
}

/** A decimal string or a count in the locale's digits and separators, exactly. */
export function formatNumber(value: string | number, locale: TLocale): string {
  const digits = typeof value === 'string' ? Math.min(20, fractionDigits(value)) : 3;
  return cached(
    `n|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
  ).format(asIntlInput(value));
}

/** The marks each language writes a number with (what Intl.NumberFormat writes; a test holds them together). */
export const NUMBER_MARKS: Record<TLocale, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  'es-MX': { decimal: '.', group: ',' },
  'pt-BR': { decimal: ',', group: '.' },
};

/**
 * An amount (a decimal string) as the reader types it, every decimal place kept: "2500.50" is
 * "2,500.50" in English and "2.500,50" in pt-BR. For an amount a form shows back in its input;
 * parseAmount reads it back to the same string.
 */
export function formatAmountInput(amount: string, locale: TLocale): string {
  // Anything but a decimal string (never from a contract) is shown as it is rather than as "NaN".
  if (!/^\d+(\.\d+)?$/.test(amount)) return amount;
  const digits = Math.min(100, fractionDigits(amount));
  return cached(
    `a|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(asIntlInput(amount));
}

/** Why a typed amount cannot be read: nothing typed, a minus sign, or not a number written the reader's way. */
export type TAmountProblem = 'empty' | 'negative' | 'malformed';
export type TParsedAmount = { ok: true; amount: string } | { ok: false; problem: TAmountProblem };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const groupedWholes = new Map<string, RegExp>();
/** A whole part with the group mark every three digits: "1.234.567" in pt-BR, "1,234" in English. */
function groupedWhole(group: string): RegExp {
  let pattern = groupedWholes.get(group);
  if (!pattern) {
    pattern = new RegExp(`^[1-9]\\d{0,2}(?:${escapeRegExp(group)}\\d{3})+$`);
    groupedWholes.set(group, pattern);
  }
  return pattern;
}

/** The digits of a whole part written plain ("1234") or grouped in valid places ("1,234"), or null. */
function wholeDigits(text: string, group: string): string | null {
  if (/^\d+$/.test(text)) return text;
  return groupedWhole(group).test(text) ? text.split(group).join('') : null;
}

/**
 * What a member typed in an amount field, read in their language, as the contracts' decimal string
 * ("1234.56"), or why it cannot be. String operations only (never a JS number), so 18 digits and 8
 * decimals stay exact; limits of size and decimal places are the contracts' to answer.
 *
 * - Spaces around are dropped. The language's decimal mark (pt-BR ",", en and es-MX ".") separates
 *   the decimals; its group mark (pt-BR ".", en and es-MX ",") is taken only every three digits of
 *   the whole part, the first group 1 to 3 digits not starting with 0: "1.234,56", "1,234.56".
 * - pt-BR also takes a point as the decimal mark where it cannot be the group mark: one point, no
 *   comma, and not in group places ("20.5", "10.50", "0.500", "1234.567"). A point in group places
 *   ("1.000", "1.500", "12.345.678") is the group mark, as a pt-BR reader writes one thousand: the
 *   form shows the amount it read before any money moves (a quote, the saved setting).
 * - English and es-MX take no comma as a decimal mark: "20,50" is refused, not read as 2050.
 * - A minus sign is "negative" (amounts are positive); anything else ("1,2,3", "1.23,4.5", "10,",
 *   ",5", "1 000") is "malformed".
 */
export function parseAmount(typed: string, locale: TLocale): TParsedAmount {
  const text = typed.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (/^[-\u2212]/.test(text)) return { ok: false, problem: 'negative' };
  const { decimal, group } = NUMBER_MARKS[locale];
  const parts = text.split(decimal);
  if (parts.length === 2) {
    const [whole = '', fraction = ''] = parts;
    const digits = wholeDigits(whole, group);
    return digits !== null && /^\d+$/.test(fraction)
      ? { ok: true, amount: `${digits}.${fraction}` }
      : { ok: false, problem: 'malformed' };
  }
  if (parts.length > 2) return { ok: false, problem: 'malformed' };
  const digits = wholeDigits(text, group);
  if (digits !== null) return { ok: true, amount: digits };
  if (decimal !== '.' && /^\d+\.\d+$/.test(text)) return { ok: true, amount: text };
  return { ok: false, problem: 'malformed' };
}

/**
 * What a form hands its contract for an amount typed in `locale`: the decimal string it means, or,
 * when it cannot be read, the text as typed, which the contract's own rule then refuses with its
 * message ("Enter an amount such as 10 or 10.50", or a minus sign's own): a text parseAmount
 * refuses never passes a contract's decimal pattern.
 */
export function amountFromInput(typed: string, locale: TLocale): string {
  const parsed = parseAmount(typed, locale);
  return parsed.ok ? parsed.amount : typed;
}

/** A form's values with their `amount` as typed read as the contract's decimal string (amountFromInput). */
export function amountValuesFromInput<TValues extends { amount: string }>(
  values: TValues,
  locale: TLocale,
): TValues {
  return { ...values, amount: amountFromInput(values.amount, locale) };
}

/** Names joined as the language joins them: "Ana and Bruno" ("Ana e Bruno", "Ana, Bruno y Carla"). */
export function formatList(items: string[], locale: TLocale): string {
  return cached(`l|${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);
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
