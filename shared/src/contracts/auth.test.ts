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
  ])('drops %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
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
