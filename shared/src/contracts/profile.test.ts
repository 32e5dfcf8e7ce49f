import { describe, expect, it } from 'vitest';
import { ZConfirmEmailChangeRequest, ZRequestEmailChangeRequest, ZUpdateProfileRequest } from './profile';

describe('the profile', () => {
  it('trims both names and allows them empty', () => {
    expect(ZUpdateProfileRequest.parse({ firstName: ' Ada ', lastName: '' })).toEqual({
      firstName: 'Ada',
      lastName: '',
    });
  });

  it('limits each name to 64 characters', () => {
    const result = ZUpdateProfileRequest.safeParse({ firstName: 'a'.repeat(65), lastName: 'b'.repeat(64) });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name must be at most 64 characters'],
    ]);
  });

  it('needs both fields and nothing else', () => {
    expect(ZUpdateProfileRequest.safeParse({ firstName: 'Ada' }).success).toBe(false);
    expect(ZUpdateProfileRequest.safeParse({ firstName: 'Ada', lastName: 'L', email: 'x@y.z' }).success).toBe(
      false,
    );
  });
});

describe('an e-mail change', () => {
  it('asks for a valid new address', () => {
    expect(ZRequestEmailChangeRequest.parse({ email: ' New@Example.com' })).toEqual({
      email: 'new@example.com',
    });
    expect(ZRequestEmailChangeRequest.safeParse({ email: 'new' }).success).toBe(false);
  });

  it('is confirmed with a token shaped like 32 random bytes in base64url', () => {
    expect(ZConfirmEmailChangeRequest.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    for (const token of ['', 'short', `${'A'.repeat(42)}=`, 'A'.repeat(129)]) {
      expect(ZConfirmEmailChangeRequest.safeParse({ token }).success).toBe(false);
    }
  });
});
