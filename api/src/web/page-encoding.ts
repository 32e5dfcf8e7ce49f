import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding a client prefers among br and gzip (`Accept-Encoding`, q=0 refuses one), if any. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? (weights.has('*') ? (weights.get('*') ?? 0) : 0);
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/**
 * A dashboard page, compressed for the client: the pages are made per request (boot data, the
 * server's render), so unlike the build's files they cannot be compressed ahead of time. Brotli at
 * a fast quality (the page is tens of KB: about a millisecond).
 */
export async function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer | string; encoding: 'br' | 'gzip' | undefined }> {
  const encoding = pageEncoding(acceptEncoding);
  if (encoding === 'br')
    return { body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding };
  if (encoding === 'gzip') return { body: await gzipped(html, { level: 6 }), encoding };
  return { body: html, encoding };
}
