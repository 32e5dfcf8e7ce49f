import { canTransition, TRANSFER_TRANSITIONS, type TTransferStatus } from '@dash/shared/contracts';

/**
 * The path from one status to another along the allowed transitions (TRANSFER_TRANSITIONS), so a
 * provider's view that is ahead of ours (a webhook lost or arriving out of order) is applied as
 * every step in between. Null when `to` is not ahead of `from` (a late or repeated update): the
 * transfer never moves backwards. The main line (funds, payment, completed) is preferred.
 */
export function transitionPath(from: TTransferStatus, to: TTransferStatus): TTransferStatus[] | null {
  if (from === to) return null;
  if (canTransition(from, to)) return [to];
  const queue: TTransferStatus[][] = [[from]];
  const seen = new Set<TTransferStatus>([from]);
  while (queue.length > 0) {
    const path = queue.shift() as TTransferStatus[];
    const last = path[path.length - 1] as TTransferStatus;
    for (const next of TRANSFER_TRANSITIONS[last]) {
      if (seen.has(next)) continue;
      if (next === to) return [...path.slice(1), next];
      seen.add(next);
      queue.push([...path, next]);
    }
  }
  return null;
}
