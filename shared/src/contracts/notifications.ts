import { coded, deferred, english } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * What a member can be told by mail (issue 52), each switched on or off in their profile. The
 * choice is the user's, for every organization they are a member of; a kind never chosen is on.
 * - transfer_approval: an off-ramp waits for your approval; your off-ramp was approved or rejected.
 * - signature_request: a Safe transaction waits for your signature.
 * - transfer_outcome: a transfer you created completed, failed or was returned.
 * - kyb_decision: the organization's KYB application was decided (to its Admins).
 * - provider_message: a provider wrote in a conversation you started or wrote in.
 */
export const NOTIFICATION_KINDS = [
  'transfer_approval',
  'signature_request',
  'transfer_outcome',
  'kyb_decision',
  'provider_message',
] as const;
export const ZNotificationKind = deferred(() =>
  z.enum(NOTIFICATION_KINDS, coded('messages.notificationKindUnknown')),
);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const ZNotificationPreference = deferred(() =>
  z.strictObject({
    kind: ZNotificationKind,
    /** true: mail me. */
    mail: z.boolean(coded('messages.chooseOnOrOff')),
  }),
);
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** GET and PUT profile/notifications answer with every kind, in NOTIFICATION_KINDS's order. */
export const ZNotificationPreferencesResponse = deferred(() =>
  z.object({
    data: z.object({ preferences: z.array(ZNotificationPreference) }),
  }),
);
export type TNotificationPreferencesResponse = z.infer<typeof ZNotificationPreferencesResponse>;

export const NOTIFICATION_KIND_REPEATED_MESSAGE = english('messages.notificationKindOnce');

/** PUT profile/notifications: the kinds to change (others stay as they are). */
export const ZUpdateNotificationPreferencesRequest = deferred(() =>
  z.strictObject({
    preferences: z
      .array(ZNotificationPreference)
      .min(1, coded('messages.notificationKindRequired'))
      .max(NOTIFICATION_KINDS.length)
      .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, {
        ...coded('messages.notificationKindOnce'),
      }),
  }),
);
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;
