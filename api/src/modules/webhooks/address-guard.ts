import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Server-side request forgery guard of the webhook sender: in production a webhook goes to public
 * addresses only. Checked when an endpoint is registered, and again at each delivery on the
 * address the connection actually uses (`guardedLookup`), so a name that re-resolves to a private
 * address later (DNS rebinding) is refused too.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Private, loopback, link-local, reserved or multicast (an IPv4-mapped IPv6 address as its IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class ForbiddenAddressError extends Error {
  readonly code = 'WEBHOOK_FORBIDDEN_ADDRESS';
  constructor(readonly host: string) {
    super(`${host} resolves to a private, loopback or link-local address`);
    this.name = 'ForbiddenAddressError';
  }
}

export class UnresolvedHostError extends Error {
  constructor(
    readonly host: string,
    options?: { cause: unknown },
  ) {
    super(`${host} does not resolve`, options);
    this.name = 'UnresolvedHostError';
  }
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the host stands for is public, or this throws (ForbiddenAddressError, UnresolvedHostError). */
export async function assertPublicHost(host: string): Promise<void> {
  if (isIP(host) !== 0) {
    if (isForbiddenAddress(host)) throw new ForbiddenAddressError(host);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAll(host, { all: true, verbatim: true });
  } catch (error) {
    throw new UnresolvedHostError(host, { cause: error });
  }
  if (addresses.length === 0) throw new UnresolvedHostError(host);
  if (addresses.some((entry) => isForbiddenAddress(entry.address))) throw new ForbiddenAddressError(host);
}

/** A `lookup` for http(s).request that refuses to connect to a forbidden address. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as LookupAddress[];
    const first = list[0];
    if (!first) {
      callback(new UnresolvedHostError(hostname) as NodeJS.ErrnoException, '', 0);
      return;
    }
    if (list.some((entry) => isForbiddenAddress(entry.address))) {
      callback(new ForbiddenAddressError(hostname) as NodeJS.ErrnoException, '', 0);
      return;
    }
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, list);
    else callback(null, first.address, first.family);
  });
};
