import {
  API_PREFIX,
  coded,
  codedMessage,
  deferred,
  english,
  type TCodedMessage,
  ZIsoDateTime,
  ZUid,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * Signed uploads, for any feature that attaches files (reply attachments now, KYB documents later):
 *   1. POST uploads `{filename, contentType, byteSize}` (org header) answers `{tempFileId, signedUrl}`;
 *   2. PUT signedUrl with the file as the body, `Content-Type: contentType` and `Content-Length: byteSize`.
 * The signed URL carries an expiring HMAC token bound to the organization, the user, the size and the
 * content type; it works once. The type is sniffed from the bytes. A temp file is then referenced
 * by its tempFileId (e.g. in a reply); one that nothing references within 24 hours is deleted.
 */

/** Default of UPLOAD_MAX_BYTES (the server's limit may differ; it answers 413 above its own). */
export const UPLOAD_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;
/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Temp files nothing references after this long are purged. */
export const TEMP_FILE_TTL_HOURS = 24;
export const UPLOAD_FILENAME_MAX = 255;

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const sizeFormats = new Map<string, Intl.NumberFormat>();

/**
 * A file size in B, KB, MB or GB with 2 decimals (spec section 9): 1536 → '1.50 KB' ('1,50 KB' in
 * pt-BR; no digit grouping, so the spec's '1023.00 B' stays as it is in English). One formatter for
 * every page that shows a file: attachments, documents, the audit log.
 */
export function formatFileSize(bytes: number, locale = 'en'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let format = sizeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    sizeFormats.set(locale, format);
  }
  return `${format.format(value)} ${SIZE_UNITS[unit]}`;
}

/** What may be uploaded. The declared type must agree with what the file's bytes are. */
export const UPLOAD_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type TUploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export const UPLOAD_TYPE_MESSAGE = english('messages.attachmentTypeUnsupported');
export const UPLOAD_TYPE_MISMATCH_MESSAGE = english('messages.fileContentMismatch');
export const UPLOAD_FILENAME_REQUIRED = english('messages.fileNameRequired');
export const UPLOAD_EMPTY_MESSAGE = english('messages.fileEmpty');
export const UPLOAD_LINK_INVALID_MESSAGE = english('messages.uploadLinkInvalid');
export const UPLOAD_LINK_EXPIRED_MESSAGE = english('messages.uploadLinkExpired');
export const UPLOAD_LINK_USED_MESSAGE = english('messages.uploadLinkUsed');
export const UPLOAD_SIZE_MISMATCH_MESSAGE = english('messages.fileSizeMismatch');
export const TEMP_FILE_GONE_MESSAGE = english('messages.attachmentGone');

/** The size limit as a coded message: its size (a decimal string) and unit. */
export function uploadTooLargeCode(maxBytes: number): TCodedMessage {
  const [unit, size] = maxBytes >= 1024 * 1024 ? ['MB', maxBytes / (1024 * 1024)] : ['KB', maxBytes / 1024];
  return codedMessage('messages.fileTooLarge', {
    size: Number.isInteger(size) ? String(size) : size.toFixed(2),
    unit,
  });
}

/** The size limit in words, e.g. 'Files must be at most 25 MB.' */
export function uploadTooLargeMessage(maxBytes: number): string {
  const { code, params } = uploadTooLargeCode(maxBytes);
  return english(code, params);
}

/** The type a browser File should be uploaded as, or null when it is not allowed (empty or unknown). */
export function uploadContentTypeOf(file: { type: string }): TUploadContentType | null {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type) ? (type as TUploadContentType) : null;
}

/**
 * What an upload is for: a reply 'attachment' (the default; messages.reply, UPLOAD_CONTENT_TYPES,
 * UPLOAD_MAX_BYTES) or an organization 'document' (documents.upload; PDF, PNG or JPEG, 10 MB).
 */
export const UPLOAD_PURPOSES = ['attachment', 'document'] as const;
export const ZUploadPurpose = deferred(() => z.enum(UPLOAD_PURPOSES));
export type TUploadPurpose = z.infer<typeof ZUploadPurpose>;

/** POST uploads (org header; Admin or Editor). */
export const ZCreateUploadRequest = deferred(() =>
  z.strictObject({
    purpose: ZUploadPurpose.optional(),
    filename: z
      .string(coded('messages.fileNameRequired'))
      .trim()
      .min(1, coded('messages.fileNameRequired'))
      .max(UPLOAD_FILENAME_MAX, coded('messages.fileNameTooLong')),
    /** One of UPLOAD_CONTENT_TYPES; any other type is refused with 415 (UPLOAD_TYPE_MESSAGE). */
    contentType: z
      .string(coded('messages.attachmentTypeUnsupported'))
      .trim()
      .toLowerCase()
      .min(1, coded('messages.attachmentTypeUnsupported')),
    byteSize: z
      .number(coded('messages.byteSizeWholeNumber'))
      .int(coded('messages.byteSizeWholeNumber'))
      .min(1, coded('messages.fileEmpty')),
  }),
);
export type TCreateUploadRequest = z.infer<typeof ZCreateUploadRequest>;

/** The spec's Upload result, plus when the signed URL stops working. */
export const ZUploadResult = deferred(() =>
  z.object({
    tempFileId: ZUid,
    /** Same-origin path (under /api/v0) to PUT the bytes to; carries the token. */
    signedUrl: z.string(),
    expiresAt: ZIsoDateTime,
  }),
);
export type TUploadResult = z.infer<typeof ZUploadResult>;

export const ZCreateUploadResponse = deferred(() => z.object({ data: ZUploadResult }));
export type TCreateUploadResponse = z.infer<typeof ZCreateUploadResponse>;

/** PUT signedUrl answers what was stored. */
export const ZUploadedFile = deferred(() =>
  z.object({
    tempFileId: ZUid,
    filename: z.string(),
    contentType: z.enum(UPLOAD_CONTENT_TYPES),
    byteSize: z.number().int(),
  }),
);
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZUploadedFileResponse = deferred(() => z.object({ data: ZUploadedFile }));
export type TUploadedFileResponse = z.infer<typeof ZUploadedFileResponse>;

export const ZUploadParams = deferred(() => z.strictObject({ tempFileId: ZUid }));
export const ZUploadQuery = deferred(() => z.object({ token: z.string().min(1).max(2_000) }));

/** The path the signed URL points at (the API builds it; clients use signedUrl as given). */
export const uploadPath = (tempFileId: string, token: string) =>
  `${API_PREFIX}/uploads/${encodeURIComponent(tempFileId)}?token=${encodeURIComponent(token)}`;
