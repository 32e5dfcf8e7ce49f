import { describe, expect, it } from 'vitest';
import { defaultQuorum, quorumWarnings } from './quorum';

describe('quorumWarnings', () => {
  it('warns that any single signer can move funds at 1 out of n', () => {
    expect(quorumWarnings(1, 3)).toEqual(['one']);
  });

  it('warns that one lost device locks the wallet at n out of n', () => {
    expect(quorumWarnings(3, 3)).toEqual(['all']);
  });

  it('advises a 1 out of 1 wallet to add signers, 1 being the only quorum there is', () => {
    expect(quorumWarnings(1, 1)).toEqual(['onlySigner']);
  });

  it('says nothing between the two', () => {
    expect(quorumWarnings(2, 3)).toEqual([]);
    expect(quorumWarnings(3, 5)).toEqual([]);
  });
});

describe('defaultQuorum', () => {
  it('is a majority, never more than the signers', () => {
    expect([1, 2, 3, 4, 5].map(defaultQuorum)).toEqual([1, 2, 2, 3, 3]);
  });
});
