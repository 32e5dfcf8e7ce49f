import type { TSafeTransaction } from '@dash/shared/api';
import { USER as ME } from '@dash/shared/test';
import { describe, expect, it } from 'vitest';
import { ANA_KEY, BRUNO, rejection, safeTransaction } from '../../../test/safe-transactions';
import { awaitedOwner, groupQueue, ownerOf, rejectable, type TQueueGroup, type TViewer } from './queue';

const hash = (byte: string) => `0x${byte.repeat(32)}`;
const ANA: TViewer = { userUid: ME.uid, address: ANA_KEY };
/** A member who is no owner of the Safe. */
const CARLA: TViewer = { userUid: '44444444-4444-4444-8444-444444444444', address: null };

/** The sections and, in each, the nonces and the transactions' hashes' first bytes. */
const shape = (groups: TQueueGroup<TSafeTransaction>[]) =>
  groups.map((group) => [
    group.section,
    group.nonces.map((nonce) => [nonce.nonce, nonce.transactions.map((tx) => tx.safeTxHash.slice(2, 4))]),
  ]);

describe('the queue as Safe{Wallet} groups it', () => {
  it('puts what awaits the viewer first, then what awaits others, then ready and executing, by nonce', () => {
    const queue = [
      safeTransaction({ nonce: 7, safeTxHash: hash('07'), status: 'ready', confirmedBy: ['ana', 'bruno'] }),
      safeTransaction({ nonce: 6, safeTxHash: hash('06'), confirmedBy: ['ana'] }),
      safeTransaction({
        nonce: 5,
        safeTxHash: hash('05'),
        status: 'executing',
        confirmedBy: ['ana', 'bruno'],
      }),
      safeTransaction({ nonce: 9, safeTxHash: hash('09') }),
      safeTransaction({ nonce: 8, safeTxHash: hash('08'), confirmedBy: ['bruno'] }),
    ];
    expect(shape(groupQueue(queue, ANA))).toEqual([
      [
        'needsYou',
        [
          [8, ['08']],
          [9, ['09']],
        ],
      ],
      ['awaitingOthers', [[6, ['06']]]],
      ['ready', [[7, ['07']]]],
      ['executing', [[5, ['05']]]],
    ]);
    // Nothing awaits a member who is no owner: the same queue, no "Needs your signature".
    expect(shape(groupQueue(queue, CARLA)).map(([section]) => section)).toEqual([
      'awaitingOthers',
      'ready',
      'executing',
    ]);
  });

  it('keeps the transactions of one nonce together, where the furthest along of them is', () => {
    const transfer = safeTransaction({ nonce: 3, conflict: true });
    const readyRejection = rejection(3, { conflict: true, status: 'ready', confirmedBy: ['ana', 'bruno'] });
    expect(shape(groupQueue([transfer, readyRejection], ANA))).toEqual([['ready', [[3, ['a1', 'b2']]]]]);
    // Both awaiting: the transfer awaits Ana, so the pair is hers to look at.
    const awaitingRejection = rejection(3, { conflict: true, confirmedBy: ['ana'] });
    expect(shape(groupQueue([transfer, awaitingRejection], ANA))).toEqual([
      ['needsYou', [[3, ['a1', 'b2']]]],
    ]);
    expect(shape(groupQueue([transfer, awaitingRejection], CARLA))).toEqual([
      ['awaitingOthers', [[3, ['a1', 'b2']]]],
    ]);
  });

  it('leaves out empty sections, and has none for an empty queue', () => {
    expect(groupQueue([], ANA)).toEqual([]);
    expect(shape(groupQueue([safeTransaction()], ANA))).toEqual([['needsYou', [[3, ['a1']]]]]);
  });
});

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

describe('the Safe on two networks', () => {
  it('keeps each network’s nonces apart: nonce 3 on two networks is no conflict, nor a rejection of the other', () => {
    const onArbitrum = safeTransaction({ nonce: 3, safeTxHash: hash('a1') });
    const onPolygon = {
      ...safeTransaction({ nonce: 3, safeTxHash: hash('b1') }),
      network: 'polygon-amoy' as const,
    };
    const groups = groupQueue([onArbitrum, onPolygon], ANA);
    expect(
      groups.flatMap((group) =>
        group.nonces.map((nonce) => [nonce.network, nonce.nonce, nonce.transactions.length]),
      ),
    ).toEqual([
      ['arbitrum-sepolia', 3, 1],
      ['polygon-amoy', 3, 1],
    ]);
    const rejectionOnPolygon = { ...onPolygon, kind: 'rejection' as const, transfer: null };
    expect(rejectable(onArbitrum, [onArbitrum, rejectionOnPolygon])).toBe(true);
    expect(rejectable(onPolygon, [onPolygon, rejectionOnPolygon])).toBe(false);
  });
});
