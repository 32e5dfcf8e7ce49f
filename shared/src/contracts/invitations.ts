import {
  coded,
  deferred,
  english,
  ROLES,
  ZEmail,
  ZIsoDateTime,
  ZOrganization,
  ZRole,
  ZUid,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/** An invitation is single use and expires after 7 days. */
export const INVITATION_TTL_DAYS = 7;

export const INVITE_ROLE_REQUIRED = english('messages.chooseRole');
export const ALREADY_A_MEMBER_MESSAGE = english('messages.alreadyMember');
export const INVITATION_NOT_FOUND_MESSAGE = english('messages.invitationNotFound');
export const INVITATION_GONE_MESSAGE = english('messages.invitationGone');

/** POST organization/invitations: e-mail (trimmed, valid format) and role (spec section 5). */
export const ZCreateInvitationRequest = deferred(() =>
  z.strictObject({
    email: ZEmail,
    role: z.enum(ROLES, coded('messages.chooseRole')),
  }),
);
export type TCreateInvitationRequest = z.infer<typeof ZCreateInvitationRequest>;

/** A pending invitation as the organization's Admins see it. */
export const ZInvitation = deferred(() =>
  z.object({
    uid: ZUid,
    email: z.string(),
    role: ZRole,
    /** Who sent it: their name, or their e-mail when they have none (null once that user is gone). */
    invitedBy: z.string().nullable(),
    createdAt: ZIsoDateTime,
    expiresAt: ZIsoDateTime,
  }),
);
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationResponse = deferred(() => z.object({ data: ZInvitation }));
export type TInvitationResponse = z.infer<typeof ZInvitationResponse>;

export const ZInvitationsResponse = deferred(() => z.object({ data: z.array(ZInvitation) }));
export type TInvitationsResponse = z.infer<typeof ZInvitationsResponse>;

/** A pending invitation as the invitee sees it (GET me/invitations). */
export const ZMyInvitation = deferred(() =>
  z.object({
    uid: ZUid,
    role: ZRole,
    organization: ZOrganization.pick({ uid: true, name: true, slug: true, avatar: true }),
    invitedBy: z.string().nullable(),
    createdAt: ZIsoDateTime,
    expiresAt: ZIsoDateTime,
  }),
);
export type TMyInvitation = z.infer<typeof ZMyInvitation>;

export const ZMyInvitationsResponse = deferred(() => z.object({ data: z.array(ZMyInvitation) }));
export type TMyInvitationsResponse = z.infer<typeof ZMyInvitationsResponse>;

/** POST me/invitations/{uid}/accept answers with the organization joined, the new role included. */
export const ZAcceptInvitationResponse = deferred(() => z.object({ data: ZOrganization }));
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

export const ZInvitationParams = deferred(() => z.strictObject({ invitationUid: ZUid }));
