import type { TSafeTransaction } from '@dash/shared/api';

/** Who is looking: the member, and the address of the signing device they set as a signer (if any). */
export interface TViewer {
  userUid: string;
  /** The signer's signing device address on the wallet; null for a member who is not a signer. */
  address: string | null;
}

type TOwner = TSafeTransaction['missing'][number];

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether `owner` is the viewer's: held by their device (the API names its member), or at their signer address. */
function isViewers(owner: TOwner, viewer: TViewer): boolean {
  if (owner.userUid !== null) return owner.userUid === viewer.userUid;
  return viewer.address !== null && sameAddress(owner.owner, viewer.address);
}

/** The owner address the viewer signs this transaction with: null when they are not one of its owners. */
export function ownerOf(transaction: TSafeTransaction, viewer: TViewer): string | null {
  const owners: TOwner[] = [...transaction.confirmations, ...transaction.missing];
  return owners.find((owner) => isViewers(owner, viewer))?.owner ?? null;
}

/** The viewer's owner when the transaction still awaits their confirmation (Safe{Wallet}'s "Needs your confirmation"). */
export function awaitedOwner(transaction: TSafeTransaction, viewer: TViewer): string | null {
  if (transaction.status !== 'awaiting_confirmations') return null;
  return transaction.missing.find((owner) => isViewers(owner, viewer))?.owner ?? null;
}

/**
 * Whether a rejection of this transaction's nonce may be proposed: a queued (not yet executing) transfer
 * whose nonce has no rejection among the queued transactions yet.
 */
export function rejectable(transaction: TSafeTransaction, queued: TSafeTransaction[]): boolean {
  if (transaction.kind === 'rejection') return false;
  if (transaction.status !== 'awaiting_confirmations' && transaction.status !== 'ready') return false;
  return !queued.some((other) => other.nonce === transaction.nonce && other.kind === 'rejection');
}
