import type { TFunction } from '@dash/shared';
import { isClientMailAddress, THREAD_NO_SUBJECT } from '@dash/shared/api';

/** The bare address of `Name <a@b>` or `a@b`, lowercased. */
export function bareAddress(address: string): string {
  const angle = /<([^>]+)>/.exec(address);
  return (angle?.[1] ?? address).trim().toLowerCase();
}

/** Whether an address is at the product's own client mail domain (shown as 'me'). */
export function isClientAddress(address: string, clientMailDomain: string): boolean {
  return isClientMailAddress(bareAddress(address), clientMailDomain);
}

/** How an address is shown: 'me' (in the reader's language) at the client mail domain, else as written. */
export function displayAddress(address: string, clientMailDomain: string, me = 'me'): string {
  return isClientAddress(address, clientMailDomain) ? me : address;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The exact time in UTC, as yyyy/MM/dd HH:mm:ss UTC (the tooltip of a relative time). */
export function formatUtcDateTime(value: string | Date): string {
  const date = new Date(value);
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/**
 * A message's timestamp in the reader's time zone, as yyyy/MM/dd HH:mm. The server's render of a
 * page does not know that zone (its own is not the reader's): there it is a no-break space, which
 * keeps the line, and the browser's render writes the time.
 */
export function formatDateTime(value: string | Date): string {
  if (typeof window === 'undefined') return '\u00a0';
  const date = new Date(value);
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The avatar fallback: the first two letters of the provider's name. */
export function initials(name: string | null | undefined): string {
  return (name ?? '').trim().slice(0, 2).toUpperCase();
}

/** A conversation's name as shown: the one a mail without a subject got, in the reader's language. */
export function threadTitle(name: string, t: TFunction): string {
  return name === THREAD_NO_SUBJECT ? t('thread.noSubject') : name;
}
