import {
  PROVIDER_NOT_INSTALLED_MESSAGE,
  type TTransferNoteCode,
  type TTransferNoteParams,
  type TTransferNoteParamsOf,
} from '@dash/shared/contracts';

/**
 * What the API writes on a transfer (a timeline note, a failure reason), worded once: a member's
 * decision on it, or the API's own reason for failing it before the provider knew of it. The English
 * text the note and the failure reason keep (older readers, the CSV, the audit log and the mails),
 * and the code and values a page words in its reader's language. Migrations 0018 (a member's
 * decisions) and 0019 (the API's own reasons) read this wording back to give the rows written before
 * the codes theirs: change it only with that in mind.
 */
export interface TransferNote<Code extends TTransferNoteCode = TTransferNoteCode> {
  text: string;
  code: Code;
  params: TTransferNoteParams;
}

const decision = (words: string, { actor, reason }: TTransferNoteParamsOf<'approved_by'>) =>
  `${words} ${actor}${reason ? `: ${reason}` : ''}`;

const WORDS: { [Code in TTransferNoteCode]: (params: TTransferNoteParamsOf<Code>) => string } = {
  approved_by: (params) => decision('Approved by', params),
  canceled_by: (params) => decision('Canceled by', params),
  rejected_by: (params) => decision('Rejected by', params),
  provider_unavailable: () => PROVIDER_NOT_INSTALLED_MESSAGE,
  provider_refused: ({ reason }) => `The provider refused the transfer: ${reason}`,
  provider_unreachable: () => 'We could not reach the provider. Nothing was moved; start again.',
  quote_expired_unpaid: () => 'The quote expired before the Safe paid. Nothing was moved; get a new quote.',
};

/** A note with its code and values, worded in English (a member's reason left empty is none). */
export function transferNote<Code extends TTransferNoteCode>(
  code: Code,
  params: TTransferNoteParamsOf<Code>,
): TransferNote<Code> {
  const given: TTransferNoteParams = params;
  const kept = given.actor !== undefined && !given.reason ? { actor: given.actor } : given;
  return { text: WORDS[code](kept as TTransferNoteParamsOf<Code>), code, params: kept };
}
