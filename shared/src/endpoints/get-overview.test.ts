import { describe, expect, it } from 'vitest';
import { overviewChangedBy } from './get-overview';

const READER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const UID = '33333333-3333-4333-8333-333333333333';

describe('which events refresh the overview', () => {
  it('refreshes on transfers, conversations, KYB and provider accounts', () => {
    expect(overviewChangedBy({ type: 'transfer.updated', transferUid: UID }, READER)).toBe(true);
    expect(overviewChangedBy({ type: 'thread.created', threadUid: UID }, READER)).toBe(true);
    expect(overviewChangedBy({ type: 'message.created', threadUid: UID, messageUid: UID }, READER)).toBe(
      true,
    );
    expect(overviewChangedBy({ type: 'kyb.updated' }, READER)).toBe(true);
    expect(overviewChangedBy({ type: 'provider_account.updated', providerUid: UID }, READER)).toBe(true);
  });

  it('refreshes when the reader reads a thread, not when someone else does; ignores what it does not show', () => {
    expect(overviewChangedBy({ type: 'thread.read', threadUid: UID, userUid: READER }, READER)).toBe(true);
    expect(overviewChangedBy({ type: 'thread.read', threadUid: UID, userUid: OTHER }, READER)).toBe(false);
    expect(overviewChangedBy({ type: 'document.created', documentUid: UID }, READER)).toBe(false);
    expect(overviewChangedBy({ type: 'message.updated', threadUid: UID, messageUid: UID }, READER)).toBe(
      false,
    );
  });
});
