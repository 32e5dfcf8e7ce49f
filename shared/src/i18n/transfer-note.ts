import type { TFunction } from './i18n';

/** Stands for a member the note lacks, to find out whether its message names one. */
const ACTOR_MARK = '\u0000actor\u0000';

/**
 * A transfer's note recorded as a code and values (a member's decision, the API's own reason), in
 * the reader's words: `transferNotes.notes.{code}` of the common namespace, or
 * `transferNotes.notesWithReason.{code}` when it has a reason. Null when there is no message for the
 * code (one this build does not know), or its message names a member and the note has none: the
 * note is then shown as the API wrote it. The transaction page and the audit log word notes so, from
 * these one set of messages (`t` is any namespace's: the lookup names its own).
 */
export function transferNoteMessage(
  t: TFunction,
  code: string,
  params: Record<string, unknown>,
): string | null {
  const actor = typeof params.actor === 'string' ? params.actor : null;
  const reason = typeof params.reason === 'string' && params.reason !== '' ? params.reason : null;
  const key = `transferNotes.${reason ? 'notesWithReason' : 'notes'}.${code}`;
  // Worded once: a note without its member gets a mark in the member's place, which shows whether
  // the message names one.
  const message = t(key, { ns: 'common', actor: actor ?? ACTOR_MARK, reason });
  return message === key || message.includes(ACTOR_MARK) ? null : message;
}
