import type { TAuditEvent } from '@dash/shared/api';

/** A recorded value as written: nothing (null, missing or empty) is a dash, never a blank. */
export const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** The key `describeChange` names the state move (from → to) by, for `TChangeWords.value`. */
export const STATE_MOVE = '';

/** How a change is worded: the recorded fields' names and values. */
export interface TChangeWords {
  field: (key: string) => string;
  /**
   * `key` is the field the value was recorded under, or STATE_MOVE for the event's from → to;
   * `subjectType` tells whose codes a state is (a transfer's 'failed' is not a wallet's).
   */
  value: (key: string, value: unknown, subjectType: string) => string;
  /**
   * The record's note: a member's decision recorded as a code and values (`data.noteCode`,
   * `data.noteParams`) in the reader's words; otherwise, and for older records, the note as written.
   */
  note?: (code: string, params: Record<string, unknown>) => string | null;
}

/** The data keys that carry the note's code and values: worded as the note, not listed as fields. */
const NOTE_KEYS = new Set(['noteCode', 'noteParams']);

/** The record as it was written (field keys and raw values). */
const RAW_WORDS: TChangeWords = { field: (key) => key, value: (_, value) => show(value) };

/** Before → after: the state move, then each changed field; other details as they were recorded. */
export function describeChange(event: TAuditEvent, words: TChangeWords = RAW_WORDS): string[] {
  const lines: string[] = [];
  const value = (key: string, recorded: unknown) => words.value(key, recorded, event.subjectType);
  if (event.from !== null || event.to !== null) {
    lines.push(`${value(STATE_MOVE, event.from)} → ${value(STATE_MOVE, event.to)}`);
  }
  for (const [key, recorded] of Object.entries(event.data ?? {})) {
    if (NOTE_KEYS.has(key)) continue;
    const field = words.field(key);
    lines.push(
      isChange(recorded)
        ? `${field}: ${value(key, recorded.from)} → ${value(key, recorded.to)}`
        : `${field}: ${value(key, recorded)}`,
    );
  }
  const code = event.data?.noteCode;
  const params = event.data?.noteParams;
  const worded =
    words.note && typeof code === 'string' && typeof params === 'object' && params !== null
      ? words.note(code, params as Record<string, unknown>)
      : null;
  if (worded ?? event.note) lines.push(worded ?? (event.note as string));
  return lines;
}
