import { z } from '@dash/shared/zod';
import { ZRole, ZUid } from './common';
import { deferred } from './deferred';
import { coded, english } from './message-codes';

export const ORGANIZATION_NAME_MAX = 32;
export const ORGANIZATION_SLUG_MAX = 48;

export const ORGANIZATION_NAME_TOO_LONG = english('messages.organizationNameTooLong');
export const ORGANIZATION_NAME_REQUIRED = english('messages.organizationNameRequired');
export const ORGANIZATION_NAME_CONTROL_CHARACTERS = english('messages.organizationNameControlCharacters');
export const ORGANIZATION_SLUG_TOO_LONG = english('messages.organizationSlugTooLong');
export const ORGANIZATION_SLUG_FORMAT = english('messages.organizationSlugFormat');

/**
 * The name goes into mail subjects and headers, the sidebar and CSV exports: one line of text, so no
 * control character (Cc: U+0000-U+001F, U+007F-U+009F; CR/LF would inject mail headers) and no
 * Unicode line or paragraph separator. Checked after trimming, so a stray trailing newline is dropped.
 */
export const ZOrganizationName = deferred(() =>
  z
    .string(coded('messages.organizationNameRequired'))
    .trim()
    .min(1, coded('messages.organizationNameRequired'))
    .max(ORGANIZATION_NAME_MAX, coded('messages.organizationNameTooLong'))
    .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, coded('messages.organizationNameControlCharacters')),
);

export const ZOrganizationSlug = deferred(() =>
  z
    .string(coded('messages.organizationSlugFormat'))
    .max(ORGANIZATION_SLUG_MAX, coded('messages.organizationSlugTooLong'))
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, coded('messages.organizationSlugFormat')),
);

/** The slug a name suggests: lowercase ASCII, runs of anything else become one hyphen. */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, ORGANIZATION_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

export const APPROVAL_STATUSES = ['Approved', 'Pending', 'Rejected'] as const;
export const ZApprovalStatus = deferred(() => z.enum(APPROVAL_STATUSES));
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

export const ZOrganization = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    slug: z.string(),
    avatar: z.string().nullable(),
    role: ZRole,
    approvalStatus: ZApprovalStatus,
    createdAt: z.string(),
  }),
);
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZOrganizationResponse = deferred(() => z.object({ data: ZOrganization }));
export type TOrganizationResponse = z.infer<typeof ZOrganizationResponse>;

export const ZMyOrganizationsResponse = deferred(() => z.object({ data: z.array(ZOrganization) }));
export type TMyOrganizationsResponse = z.infer<typeof ZMyOrganizationsResponse>;

export const ZCreateOrganizationRequest = deferred(() =>
  z.strictObject({
    name: ZOrganizationName,
    slug: ZOrganizationSlug,
  }),
);
export type TCreateOrganizationRequest = z.infer<typeof ZCreateOrganizationRequest>;

export const ZUpdateOrganizationRequest = deferred(() =>
  z
    .strictObject({
      name: ZOrganizationName.optional(),
      slug: ZOrganizationSlug.optional(),
    })
    .refine((body) => body.name !== undefined || body.slug !== undefined, {
      ...coded('messages.organizationNothingToUpdate'),
    }),
);
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

export const DELETE_CONFIRMATION_MESSAGE = english('messages.deleteConfirmation');

/** DELETE organization: the caller types the organization's slug to confirm. */
export const ZDeleteOrganizationRequest = deferred(() =>
  z.strictObject({
    slug: z.string(coded('messages.deleteConfirmation')).trim().min(1, coded('messages.deleteConfirmation')),
  }),
);
export type TDeleteOrganizationRequest = z.infer<typeof ZDeleteOrganizationRequest>;

/** POST organization/avatar takes one file in the multipart form field `avatar`. */
export const AVATAR_FIELD = 'avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TAvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
export const AVATAR_TOO_LARGE_MESSAGE = english('messages.avatarTooLarge');
export const AVATAR_TYPE_MESSAGE = english('messages.avatarType');
export const AVATAR_MISSING_MESSAGE = english('messages.avatarMissing');

/**
 * The image type from the file's first bytes (never from its name or the browser's claim):
 * PNG 89 50 4E 47, JPEG FF D8 FF, WebP "RIFF" ???? "WEBP". Anything else is null.
 */
export function sniffAvatarType(bytes: Uint8Array): TAvatarContentType | null {
  const startsWith = (offset: number, expected: readonly number[]) =>
    expected.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(0, [0x52, 0x49, 0x46, 0x46]) && startsWith(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}
