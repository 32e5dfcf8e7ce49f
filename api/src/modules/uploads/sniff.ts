import { sniffAvatarType, type TUploadContentType } from '@dash/shared/contracts';

/** How many leading bytes decide a file's type. */
export const SNIFF_BYTES = 4096;

type Family = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'text';

const FAMILY_OF: Record<TUploadContentType, Family> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'text/plain': 'text',
  'text/csv': 'text',
  'application/zip': 'zip',
  // Office documents are ZIP containers.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'zip',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** UTF-8 without NUL bytes (a cut-off character at the end of the sample is fine). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** What the first bytes of a file are, as far as uploads care; null for anything else. */
export function sniffFamily(head: Uint8Array): Family | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  const image = sniffAvatarType(head);
  if (image === 'image/png') return 'png';
  if (image === 'image/jpeg') return 'jpeg';
  if (image === 'image/webp') return 'webp';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  )
    return 'gif';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (looksLikeText(head)) return 'text';
  return null;
}

/** True when the file's first bytes are what its declared type says. */
export function bytesMatchType(head: Uint8Array, declared: TUploadContentType): boolean {
  return sniffFamily(head) === FAMILY_OF[declared];
}
