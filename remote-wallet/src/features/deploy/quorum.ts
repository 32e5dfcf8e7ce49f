/**
 * The policies Safe{Wallet} warns about when a Safe is created: a quorum of one (any single signer
 * can move the funds) and a quorum of all (one lost device locks the wallet). With one signer,
 * 1 of 1 is the only quorum there is, so the advice is to add signers (`onlySigner`) rather than to
 * choose another quorum. The texts are the wallet namespace's `deploy.<warning>WarningTitle` and
 * `deploy.<warning>WarningText`.
 */
export type TQuorumWarning = 'one' | 'all' | 'onlySigner';

export function quorumWarnings(threshold: number, signerCount: number): TQuorumWarning[] {
  if (signerCount === 1) return ['onlySigner'];
  const warnings: TQuorumWarning[] = [];
  if (threshold === 1) warnings.push('one');
  if (threshold === signerCount && signerCount > 1) warnings.push('all');
  return warnings;
}

/** The quorum the form starts with: a majority of the signers (2 of 2, 2 of 3, 3 of 4...). */
export function defaultQuorum(signerCount: number): number {
  return Math.min(signerCount, Math.floor(signerCount / 2) + 1);
}
