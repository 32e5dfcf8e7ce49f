import {
  safeRedirectPath,
  ZRequestMagicLinkRequest,
  ZVerifyMagicLinkResponse,
} from '@dash/shared/contracts-core';
import { describe, expect, it } from 'vitest';

describe('the sign-in redirect', () => {
  it('keeps a same-origin path with its search and hash', () => {
    expect(safeRedirectPath('/org/acme/wallet?tab=1#top')).toBe('/org/acme/wallet?tab=1#top');
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'org/acme'],
    ['a control character', '/org\n/acme'],
    ['an empty value', ''],
    ['not a string', 42],
    ['a dot segment before a protocol-relative URL', '/.//evil.example'],
    ['a double-dot segment before a protocol-relative URL', '/..//evil.example'],
    ['an encoded double-dot segment before a protocol-relative URL', '/%2e%2e//evil.example'],
    ['dot segments deeper in the path', '/org/../..//evil.example/x'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded slash after the first', '/%2f/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a dot segment before a backslash', '/./\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
  ])('drops %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it('normalises dot segments and still answers a path on the same origin', () => {
    expect(safeRedirectPath('/org/./acme/../acme/wallet')).toBe('/org/acme/wallet');
    expect(safeRedirectPath('/..')).toBe('/');
  });

  it('answers what is sent: percent-encoded, and the same when checked again (as the API does)', () => {
    const path = '/org/acme/rails/transactions?q=caf\u00e9 au lait';
    const safe = safeRedirectPath(path);
    expect(safe).toBe('/org/acme/rails/transactions?q=caf%C3%A9%20au%20lait');
    expect(safeRedirectPath(safe)).toBe(safe);
  });

  it('drops a path whose percent-encoded form is too long for the API, though its decoded form is not', () => {
    const path = `/org/acme-treasury/rails/transactions?q=${'\u00e9'.repeat(1000)}`;
    expect(path.length).toBeLessThan(2048);
    expect(safeRedirectPath(path)).toBeUndefined();
  });

  it('keeps a long path whose percent-encoded form fits, and the API takes it', () => {
    const safe = safeRedirectPath(`/org/acme/rails/transactions?q=${'\u00e9'.repeat(330)}`);
    expect(safe?.length).toBeGreaterThan(1900);
    expect(ZRequestMagicLinkRequest.safeParse({ email: 'ana@example.com', redirect: safe }).success).toBe(
      true,
    );
  });

  it('never answers a protocol-relative or off-origin URL', () => {
    const tricks = ['/', '.', '\\', '%2f', '%2F', '%5c', '%2e', '%2e%2e', '..', '?', '#', '@', ':'];
    for (const first of tricks) {
      for (const second of tricks) {
        for (const third of tricks) {
          const safe = safeRedirectPath(`/${first}${second}${third}evil.example`);
          if (safe === undefined) continue;
          expect(safe, `/${first}${second}${third}evil.example`).toMatch(/^\/(?![/\\]|%2f|%5c)/i);
          expect(new URL(safe, 'https://dash.example').origin).toBe('https://dash.example');
        }
      }
    }
  });
});

describe('the magic-link request', () => {
  it('trims and lowercases the address', () => {
    expect(ZRequestMagicLinkRequest.parse({ email: '  Ana.Lima@Example.COM ' })).toEqual({
      email: 'ana.lima@example.com',
    });
  });

  it('refuses an invalid address with a field message, and unknown fields', () => {
    const invalid = ZRequestMagicLinkRequest.safeParse({ email: 'ana@' });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues[0]?.message).toBe('Enter a valid email address');
    expect(ZRequestMagicLinkRequest.safeParse({ email: 'ana@example.com', admin: true }).success).toBe(false);
  });

  it('reads the verify answer: a status and an optional redirect', () => {
    expect(ZVerifyMagicLinkResponse.parse({ status: 'registered' })).toEqual({ status: 'registered' });
    expect(ZVerifyMagicLinkResponse.safeParse({ status: 'maybe' }).success).toBe(false);
  });
});
