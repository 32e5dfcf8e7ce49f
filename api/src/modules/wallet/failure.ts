import type { TWalletFailureCode } from '@dash/shared/contracts';

/**
 * The reasons a deployment fails, worded once: the stored text (wallets.error, English, with the
 * chain's own words) and the code the UI says in the reader's language. The code is read back from
 * the text's fixed wording, so the rows stored before there were codes get theirs too.
 */
export const failureReason = {
  /** DeploymentRejectedError (chain.ts) words this one: 'The chain refused the deployment: <reason>'. */
  notSent: (detail: string) => `The deployment could not be sent: ${detail}`,
  reverted: (hash: string) => `The deployment transaction ${hash} reverted.`,
  replaced: (hash: string) =>
    `The deployment transaction ${hash} was replaced: its nonce was used by another one.`,
  otherContract: (address: string) =>
    `The contract at ${address} does not have the requested owners and quorum.`,
  wrongChain: (configured: number, current: number) =>
    `The wallet was configured for chain ${configured}; this API uses ${current}.`,
};

const CODES: [RegExp, TWalletFailureCode][] = [
  [/^The chain refused the deployment: /, 'rejected'],
  [/^The deployment could not be sent: /, 'not_sent'],
  [/^The deployment transaction 0x[0-9a-fA-F]+ reverted\.$/, 'reverted'],
  [/^The deployment transaction 0x[0-9a-fA-F]+ was replaced: /, 'replaced'],
  [/^The contract at 0x[0-9a-fA-F]{40} does not have the requested owners and quorum\.$/, 'other_contract'],
  [/^The wallet was configured for chain \d+; /, 'wrong_chain'],
];

/** The code of a stored failure reason ('unknown' for text worded nowhere here). */
export function failureCodeOf(error: string): TWalletFailureCode {
  return CODES.find(([wording]) => wording.test(error))?.[1] ?? 'unknown';
}
