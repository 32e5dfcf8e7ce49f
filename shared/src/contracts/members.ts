import { coded, deferred, english, ROLES, ZRole, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/** A user of the organization with their role in it (GET organization/users, spec section 7). */
export const ZOrganizationUser = deferred(() =>
  z.object({
    uid: ZUid,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: ZRole,
  }),
);
export type TOrganizationUser = z.infer<typeof ZOrganizationUser>;

export const ZOrganizationUsersResponse = deferred(() => z.object({ data: z.array(ZOrganizationUser) }));
export type TOrganizationUsersResponse = z.infer<typeof ZOrganizationUsersResponse>;

export const ZOrganizationUserResponse = deferred(() => z.object({ data: ZOrganizationUser }));
export type TOrganizationUserResponse = z.infer<typeof ZOrganizationUserResponse>;

export const ROLE_REQUIRED = english('messages.chooseRoleOf');

/** PATCH organization/users/{userUid}: the member's new role (spec section 5). */
export const ZUpdateOrganizationUserRequest = deferred(() =>
  z.strictObject({
    role: z.enum(ROLES, coded('messages.chooseRoleOf')),
  }),
);
export type TUpdateOrganizationUserRequest = z.infer<typeof ZUpdateOrganizationUserRequest>;

export const ZOrganizationUserParams = deferred(() => z.strictObject({ userUid: ZUid }));

/** Every organization keeps at least one Admin: the last one can be neither demoted, removed nor leave. */
export const LAST_ADMIN_MESSAGE = english('messages.lastAdmin');
export const MEMBER_NOT_FOUND_MESSAGE = english('messages.memberNotFound');
