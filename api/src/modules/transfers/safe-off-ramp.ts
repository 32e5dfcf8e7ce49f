import type { TTransfer } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { transferNote } from './notes';
import { findTransfer, lockTransfer, quoteExpiryOfTransfer } from './repo';
import { stepTransfer } from './step';

// An off-ramp paid from the organization's Safe, as the safe-transactions module sees it: what the
// Safe pays (the provider's deposit address and the exact quoted amount, until the quote expires),
// and the off-ramp failed when its quote expired before the Safe paid.

export interface SafeOffRamp {
  transfer: TTransfer & { fromSafe: { address: string } };
  /** The quote's expiry: after it, the Safe must not pay at that price. */
  expiresAt: Date;
}

export async function findSafeOffRamp(
  db: Database,
  organizationUid: string,
  transferUid: string,
): Promise<SafeOffRamp | null> {
  const transfer = await findTransfer(db, organizationUid, transferUid);
  if (!transfer?.fromSafe || transfer.type !== 'off_ramp') return null;
  const expiresAt = await quoteExpiryOfTransfer(db, organizationUid, transferUid);
  if (!expiresAt) return null;
  return { transfer: { ...transfer, fromSafe: transfer.fromSafe }, expiresAt };
}

/**
 * Fails an off-ramp paid from the Safe whose quote expired before the Safe paid (still awaiting
 * funds), with its reason, in the caller's transaction. True when it moved.
 */
export async function failUnpaidSafeOffRamp(tx: Database, transferUid: string): Promise<boolean> {
  const transfer = await lockTransfer(tx, transferUid);
  if (!transfer?.safeAddress || transfer.status !== 'awaiting_funds') return false;
  await stepTransfer(tx, transfer, 'failed', 'system', transferNote('quote_expired_unpaid', {}));
  return true;
}
