// Database-independent: pure functions.
import { describe, expect, it } from 'vitest';
import { failureCodeOf, failureReason } from './failure';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'12'.repeat(20)}`;

describe('the code of a failed deployment’s reason', () => {
  it('is read back from every reason the deploy job words, the chain’s words kept apart', () => {
    expect(failureCodeOf('The chain refused the deployment: GS203')).toBe('rejected');
    expect(failureCodeOf(failureReason.notSent('connect ECONNREFUSED 127.0.0.1:3020'))).toBe('not_sent');
    expect(failureCodeOf(failureReason.reverted(HASH))).toBe('reverted');
    expect(failureCodeOf(failureReason.replaced(HASH))).toBe('replaced');
    expect(failureCodeOf(failureReason.otherContract(ADDRESS))).toBe('other_contract');
    expect(failureCodeOf(failureReason.wrongChain(42161, 1337))).toBe('wrong_chain');
  });

  it('is unknown for any other text', () => {
    expect(failureCodeOf('refused')).toBe('unknown');
    expect(failureCodeOf('')).toBe('unknown');
  });
});
