import type { TTransferNoteCode, TTransferNoteParams } from '@dash/shared/contracts';

/**
 * A member's decision on a transfer, worded once: the English text the timeline's note and the
 * transfer's failure reason keep (older readers, the CSV, the audit log and the mails), and the code
 * and values a page words in its reader's language. Migration 0018 reads this wording back to give
 * the rows written before the codes theirs: change it only with that in mind.
 */
export interface TransferNote<Code extends TTransferNoteCode = TTransferNoteCode> {
  text: string;
  code: Code;
  params: TTransferNoteParams;
}

const WORDS: Record<TTransferNoteCode, string> = {
  approved_by: 'Approved by',
  canceled_by: 'Canceled by',
  rejected_by: 'Rejected by',
};

export function transferNote<Code extends TTransferNoteCode>(
  code: Code,
  actor: string,
  reason?: string,
): TransferNote<Code> {
  const params: TTransferNoteParams = reason ? { actor, reason } : { actor };
  return { text: `${WORDS[code]} ${actor}${reason ? `: ${reason}` : ''}`, code, params };
}
