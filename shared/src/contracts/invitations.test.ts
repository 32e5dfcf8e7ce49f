import { describe, expect, it } from 'vitest';
import { INVITE_ROLE_REQUIRED, ZCreateInvitationRequest } from './invitations';

describe('an invitation', () => {
  it('trims and lowercases the e-mail address', () => {
    expect(ZCreateInvitationRequest.parse({ email: '  Ada@Example.COM ', role: 'Viewer' })).toEqual({
      email: 'ada@example.com',
      role: 'Viewer',
    });
  });

  it('explains a bad address and a missing role under their fields', () => {
    const result = ZCreateInvitationRequest.safeParse({ email: 'ada@', role: 'Owner' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Enter a valid email address'],
      ['role', INVITE_ROLE_REQUIRED],
    ]);
  });
});
