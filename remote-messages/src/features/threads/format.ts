import { isClientMailAddress } from '@dash/shared';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in B, KB, MB or GB with 2 decimals (spec section 9): 1536 → '1.50 KB'. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** The bare address of `Name <a@b>` or `a@b`, lowercased. */
export function bareAddress(address: string): string {
  const angle = /<([^>]+)>/.exec(address);
  return (angle?.[1] ?? address).trim().toLowerCase();
}

/** Whether an address is at the product's own client mail domain (shown as 'me'). */
export function isClientAddress(address: string, clientMailDomain: string): boolean {
  return isClientMailAddress(bareAddress(address), clientMailDomain);
}

/** How an address is shown: 'me' at the client mail domain, else as written. */
export function displayAddress(address: string, clientMailDomain: string): string {
  return isClientAddress(address, clientMailDomain) ? 'me' : address;
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * '5 minutes ago', 'yesterday', 'last week': how long ago `value` was, seen from `now`. A time a
 * little ahead of `now` (the server's clock, or a clock read before the value arrived) is 'now'.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  let amount = Math.min(0, (new Date(value).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return relativeFormat.format(Math.round(amount), 'year');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The exact time in UTC, as yyyy/MM/dd HH:mm:ss UTC (the tooltip of a relative time). */
export function formatUtcDateTime(value: string | Date): string {
  const date = new Date(value);
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** A message's timestamp in the reader's time zone, as yyyy/MM/dd HH:mm. */
export function formatDateTime(value: string | Date): string {
  const date = new Date(value);
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The avatar fallback: the first two letters of the provider's name. */
export function initials(name: string | null | undefined): string {
  return (name ?? '').trim().slice(0, 2).toUpperCase();
}
