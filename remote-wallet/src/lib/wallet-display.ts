import type { TFunction } from '@dash/shared';
import type { TWalletChain, TWalletSigner } from '@dash/shared/api';

/** A signer as people know them: their name, else their e-mail. */
export function signerName(signer: Pick<TWalletSigner, 'firstName' | 'lastName' | 'email' | 'uid'>): string {
  return `${signer.firstName} ${signer.lastName}`.trim() || signer.email || signer.uid;
}

/** 0x1234…abcd: enough to tell addresses apart in a list; the full address stays in a title. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The chain in a sentence: "on Arbitrum One", "on the local dev chain" (t of the wallet namespace). */
export function onChain(chain: TWalletChain, t: TFunction): string {
  return chain.isDevChain ? t('chain.onDevChain') : t('chain.on', { name: chain.name });
}

/** "k out of n", as the Deploy form shows a quorum (t of the wallet namespace). */
export function quorumText(threshold: number, signerCount: number, t: TFunction): string {
  return t('quorum.label', { threshold, count: signerCount });
}
