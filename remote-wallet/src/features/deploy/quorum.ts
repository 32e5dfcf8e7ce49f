import { quorumLabel } from '@dash/shared';

export interface QuorumWarning {
  title: string;
  text: string;
}

/**
 * The two policies Safe{Wallet} warns about when a Safe is created: a quorum of one (any single
 * signer can move the funds) and a quorum of all (one lost device locks the wallet). A 1-of-1
 * wallet gets the first warning only, as in Safe{Wallet}.
 */
export function quorumWarnings(threshold: number, signerCount: number): QuorumWarning[] {
  const warnings: QuorumWarning[] = [];
  if (threshold === 1) {
    warnings.push({
      title: `${quorumLabel(1, signerCount)} policy`,
      text: 'Any single signer can move the funds on their own. Use a quorum above one so that one lost or compromised signing device cannot empty or lock the wallet.',
    });
  }
  if (threshold === signerCount && signerCount > 1) {
    warnings.push({
      title: `${quorumLabel(signerCount, signerCount)} policy`,
      text: 'Every signer must sign. If one signer loses their signing device, the wallet is locked and that signer cannot be replaced. Use a quorum below the number of signers.',
    });
  }
  return warnings;
}

/** The quorum the form starts with: a majority of the signers (2 of 2, 2 of 3, 3 of 4...). */
export function defaultQuorum(signerCount: number): number {
  return Math.min(signerCount, Math.floor(signerCount / 2) + 1);
}
