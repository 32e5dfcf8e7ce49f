import type { TSafeTransaction, TSafeTransactionListItem } from '@dash/shared/api';

/** Who is looking: the member, and the address of the signing device they set as a signer (if any). */
export interface TViewer {
  userUid: string;
  /** The signer's signing device address on the wallet; null for a member who is not a signer. */
  address: string | null;
}

type TOwner = TSafeTransaction['missing'][number];
/** What the queue needs of a transaction: a list row has it, so does the full transaction. */
type TQueued = Pick<TSafeTransactionListItem, 'status' | 'missing'>;

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
export function awaitedOwner(transaction: TQueued, viewer: TViewer): string | null {
  if (transaction.status !== 'awaiting_confirmations') return null;
  return transaction.missing.find((owner) => isViewers(owner, viewer))?.owner ?? null;
}

/** The queue's sections, in the order the page shows them. */
export const QUEUE_SECTIONS = ['needsYou', 'awaitingOthers', 'ready', 'executing'] as const;
export type TQueueSection = (typeof QUEUE_SECTIONS)[number];

/** Where one transaction belongs, by its own status and whether it awaits the viewer. */
export function sectionOf(transaction: TQueued, viewer: TViewer): TQueueSection {
  if (transaction.status === 'executing') return 'executing';
  if (transaction.status === 'ready') return 'ready';
  return awaitedOwner(transaction, viewer) ? 'needsYou' : 'awaitingOthers';
}

/** How far along a section is: a nonce's transactions are shown together, where the furthest one is. */
const PROGRESS: Record<TQueueSection, number> = { awaitingOthers: 0, needsYou: 1, ready: 2, executing: 3 };

/** The queued transactions at one nonce: more than one is a conflict (only one of them can execute). */
export interface TNonceGroup<T extends TQueueRow = TSafeTransactionListItem> {
  nonce: number;
  /** The network whose Safe the nonce is of (each network's Safe counts its own). */
  network?: string;
  transactions: T[];
}

export interface TQueueGroup<T extends TQueueRow = TSafeTransactionListItem> {
  section: TQueueSection;
  nonces: TNonceGroup<T>[];
}

type TQueueRow = TQueued & { nonce: number; network?: string };

/**
 * The queue as Safe{Wallet} shows it: by nonce, the transactions sharing a nonce kept together (they
 * conflict: executing one replaces the others), each nonce in the section of its furthest-along
 * transaction (executing, then ready, then awaiting the viewer, then awaiting others); the sections in
 * the order "Needs your signature", "Awaiting others", "Ready to execute", "Executing", the empty ones
 * left out, and nonces ascending in each.
 */
export function groupQueue<T extends TQueueRow>(queued: T[], viewer: TViewer): TQueueGroup<T>[] {
  // A nonce of one network's Safe: the same nonce on two networks is two nonces, no conflict.
  const byNonce = new Map<string, T[]>();
  const keyOf = (transaction: T) => `${transaction.network ?? ''}:${transaction.nonce}`;
  for (const transaction of queued) {
    byNonce.set(keyOf(transaction), [...(byNonce.get(keyOf(transaction)) ?? []), transaction]);
  }
  const sections = new Map<TQueueSection, TNonceGroup<T>[]>();
  const ordered = [...byNonce.values()].sort(
    (a, b) =>
      (a[0]?.nonce ?? 0) - (b[0]?.nonce ?? 0) || (a[0]?.network ?? '').localeCompare(b[0]?.network ?? ''),
  );
  for (const transactions of ordered) {
    const [first] = transactions;
    if (!first) continue;
    const section = transactions
      .map((transaction) => sectionOf(transaction, viewer))
      .reduce((furthest, next) => (PROGRESS[next] > PROGRESS[furthest] ? next : furthest));
    const group = { nonce: first.nonce, ...(first.network ? { network: first.network } : {}), transactions };
    sections.set(section, [...(sections.get(section) ?? []), group]);
  }
  return QUEUE_SECTIONS.flatMap((section) => {
    const nonces = sections.get(section);
    return nonces ? [{ section, nonces }] : [];
  });
}

/**
 * Whether a rejection of this transaction's nonce may be proposed: a queued (not yet executing) transfer
 * whose nonce has no rejection among the queued transactions yet.
 */
export function rejectable(
  transaction: Pick<TSafeTransactionListItem, 'kind' | 'status' | 'nonce' | 'network'>,
  queued: Pick<TSafeTransactionListItem, 'kind' | 'nonce' | 'network'>[],
): boolean {
  if (transaction.kind === 'rejection') return false;
  if (transaction.status !== 'awaiting_confirmations' && transaction.status !== 'ready') return false;
  // Each network's Safe has its own nonces: only a rejection on the same network counts.
  return !queued.some(
    (other) =>
      other.network === transaction.network &&
      other.nonce === transaction.nonce &&
      other.kind === 'rejection',
  );
}
