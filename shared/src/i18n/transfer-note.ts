import type { TFunction } from './i18n';

/**
 * A transfer's note recorded as a code and values (a member's decision, the API's own reason), in
 * the reader's words: `{prefix}notes.{code}`, or `{prefix}notesWithReason.{code}` when it has a
 * reason. Null when the page has no message for the code, or its message names a member and the note
 * has none: the note is then shown as the API wrote it. The transaction page and the audit log word
 * notes so, each from its own namespace.
 */
export function transferNoteMessage(
  t: TFunction,
  prefix: string,
  code: string,
  params: Record<string, unknown>,
): string | null {
  const actor = typeof params.actor === 'string' ? params.actor : null;
  const reason = typeof params.reason === 'string' && params.reason !== '' ? params.reason : null;
  const key = `${prefix}${reason ? 'notesWithReason' : 'notes'}.${code}`;
  const message = t(key);
  if (message === key || (actor === null && message.includes('{{actor}}'))) return null;
  return t(key, { actor, reason });
}
