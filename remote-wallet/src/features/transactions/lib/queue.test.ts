import { USER as ME } from '@dash/shared/test';
import { describe, expect, it } from 'vitest';
import { ANA_KEY, BRUNO, rejection, safeTransaction } from '../../../test/safe-transactions';
import { awaitedOwner, ownerOf, rejectable, type TViewer } from './queue';

const ANA: TViewer = { userUid: ME.uid, address: ANA_KEY };
/** A member who is no owner of the Safe. */
const CARLA: TViewer = { userUid: '44444444-4444-4444-8444-444444444444', address: null };

describe('whose confirmation a transaction awaits', () => {
  it('knows the viewer’s owner by the member the API names, else by their signer address', () => {
    const transaction = safeTransaction();
    expect(awaitedOwner(transaction, ANA)).toBe(ANA_KEY);
    expect(awaitedOwner(transaction, { userUid: ME.uid, address: null })).toBe(ANA_KEY);
    // An owner no member is known to hold: the signer address tells.
    const unnamed = safeTransaction({
      missing: [{ owner: ANA_KEY.toLowerCase(), userUid: null, name: null }],
    });
    expect(awaitedOwner(unnamed, ANA)).toBe(ANA_KEY.toLowerCase());
    expect(awaitedOwner(unnamed, { userUid: ME.uid, address: null })).toBeNull();
    // Another member's owner is not the viewer's, even at a shared address.
    expect(awaitedOwner(transaction, { userUid: BRUNO, address: ANA_KEY })).toBe(
      transaction.missing[1]?.owner,
    );
  });

  it('awaits nobody once confirmed, ready or executed, though the owner stays an owner', () => {
    const confirmed = safeTransaction({ confirmedBy: ['ana'] });
    expect(awaitedOwner(confirmed, ANA)).toBeNull();
    expect(ownerOf(confirmed, ANA)).toBe(ANA_KEY);
    expect(awaitedOwner(safeTransaction({ status: 'ready' }), ANA)).toBeNull();
    expect(ownerOf(safeTransaction(), CARLA)).toBeNull();
  });
});

describe('which transactions may be rejected', () => {
  it('a queued transfer whose nonce has no rejection yet; never a rejection, nor one executing or done', () => {
    const transfer = safeTransaction();
    expect(rejectable(transfer, [transfer])).toBe(true);
    expect(rejectable({ ...transfer, status: 'ready' }, [transfer])).toBe(true);
    expect(rejectable(transfer, [transfer, rejection(3)])).toBe(false);
    expect(rejectable(transfer, [transfer, rejection(4)])).toBe(true);
    expect(rejectable(rejection(3), [rejection(3)])).toBe(false);
    for (const status of ['executing', 'executed', 'failed', 'replaced'] as const)
      expect(rejectable({ ...transfer, status }, []), status).toBe(false);
  });
});
