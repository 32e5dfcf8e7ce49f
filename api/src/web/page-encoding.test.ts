// Database-independent: pure functions.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage, pageEncoding } from './page-encoding';

describe('the encoding of a dashboard page', () => {
  it('is the one the client prefers among br and gzip, never one it refuses', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*, br;q=0')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding('')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });

  it('compresses the page, which decompresses to the same text', async () => {
    const html = `<!doctype html><html><body>${'<p>Message Center · Acme</p>'.repeat(500)}</body></html>`;
    const br = await encodePage(html, 'br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html);
    const gz = await encodePage(html, 'gzip');
    expect(gunzipSync(gz.body as Buffer).toString('utf8')).toBe(html);
    expect(await encodePage(html, undefined)).toEqual({ body: html, encoding: undefined });
  });
});
