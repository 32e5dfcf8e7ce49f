import { describe, expect, it } from 'vitest';
import { holdingsChangedBy } from './get-holdings';

const UID = '33333333-3333-4333-8333-333333333333';

describe('which events refresh the holdings', () => {
  it('refreshes when the chain or the ledger moved, not otherwise', () => {
    expect(holdingsChangedBy({ type: 'holdings.updated', network: 'arbitrum-sepolia' })).toBe(true);
    expect(holdingsChangedBy({ type: 'transfer.updated', transferUid: UID })).toBe(true);
    expect(holdingsChangedBy({ type: 'kyb.updated' })).toBe(false);
    expect(holdingsChangedBy({ type: 'thread.created', threadUid: UID })).toBe(false);
  });
});
