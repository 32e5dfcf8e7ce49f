import { describe, expect, it } from 'vitest';
import { defaultQuorum, quorumWarnings } from './quorum';

const titles = (threshold: number, signers: number) =>
  quorumWarnings(threshold, signers).map((warning) => warning.title);

describe('quorumWarnings', () => {
  it('warns that any single signer can move funds at 1 out of n', () => {
    expect(titles(1, 3)).toEqual(['1 out of 3 policy']);
    expect(quorumWarnings(1, 3)[0]?.text).toMatch(/Any single signer can move the funds/);
  });

  it('warns that one lost device locks the wallet at n out of n', () => {
    expect(titles(3, 3)).toEqual(['3 out of 3 policy']);
    expect(quorumWarnings(3, 3)[0]?.text).toMatch(/the wallet is locked/);
  });

  it('gives a 1 out of 1 wallet the single-signer warning only', () => {
    expect(titles(1, 1)).toEqual(['1 out of 1 policy']);
  });

  it('says nothing between the two', () => {
    expect(titles(2, 3)).toEqual([]);
    expect(titles(3, 5)).toEqual([]);
  });
});

describe('defaultQuorum', () => {
  it('is a majority, never more than the signers', () => {
    expect([1, 2, 3, 4, 5].map(defaultQuorum)).toEqual([1, 2, 2, 3, 3]);
  });
});
