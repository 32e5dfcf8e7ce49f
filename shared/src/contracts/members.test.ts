import { sniffAvatarType, ZDeleteOrganizationRequest } from '@dash/shared/contracts-core';
import { describe, expect, it } from 'vitest';
import { ROLE_REQUIRED, ZUpdateOrganizationUserRequest } from './members';

describe('a member role change', () => {
  it.each(['Admin', 'Editor', 'Viewer'])('accepts %s', (role) => {
    expect(ZUpdateOrganizationUserRequest.parse({ role })).toEqual({ role });
  });

  it.each([['Owner'], ['admin'], [''], [undefined]])('refuses %j with one clear message', (role) => {
    expect(ZUpdateOrganizationUserRequest.safeParse({ role }).error?.issues[0]?.message).toBe(ROLE_REQUIRED);
  });

  it('refuses fields other than the role', () => {
    expect(ZUpdateOrganizationUserRequest.safeParse({ role: 'Admin', email: 'x@y.z' }).success).toBe(false);
  });
});

describe('deleting an organization', () => {
  it('needs the slug typed as confirmation', () => {
    expect(ZDeleteOrganizationRequest.parse({ slug: ' acme ' })).toEqual({ slug: 'acme' });
    expect(ZDeleteOrganizationRequest.safeParse({}).success).toBe(false);
    expect(ZDeleteOrganizationRequest.safeParse({ slug: '' }).success).toBe(false);
  });
});

describe('the avatar type, from its first bytes', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it('recognises PNG, JPEG and WebP', () => {
    expect(sniffAvatarType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffAvatarType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    expect(sniffAvatarType(webp)).toBe('image/webp');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(sniffAvatarType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffAvatarType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffAvatarType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    expect(sniffAvatarType(bytes())).toBeNull();
  });
});
