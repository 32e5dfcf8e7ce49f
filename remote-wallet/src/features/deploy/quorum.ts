/**
 * The two policies Safe{Wallet} warns about when a Safe is created: a quorum of one (any single
 * signer can move the funds) and a quorum of all (one lost device locks the wallet). A 1-of-1
 * wallet gets the first warning only, as in Safe{Wallet}. The texts are the wallet namespace's
 * `deploy.oneWarning*` and `deploy.allWarning*`.
 */
export type TQuorumWarning = 'one' | 'all';

export function quorumWarnings(threshold: number, signerCount: number): TQuorumWarning[] {
  const warnings: TQuorumWarning[] = [];
  if (threshold === 1) warnings.push('one');
  if (threshold === signerCount && signerCount > 1) warnings.push('all');
  return warnings;
}

/** The quorum the form starts with: a majority of the signers (2 of 2, 2 of 3, 3 of 4...). */
export function defaultQuorum(signerCount: number): number {
  return Math.min(signerCount, Math.floor(signerCount / 2) + 1);
}
