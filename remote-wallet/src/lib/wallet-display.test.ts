import { i18n } from '@dash/shared';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { onChain, quorumText, signerName } from './wallet-display';

const en = i18n.getFixedT('en', 'wallet');

const uid = '7d1c8c61-0d55-4f4e-9a59-1b9c2d3e4f50';

describe('signerName', () => {
  it('joins first and last name', () => {
    expect(signerName({ uid, firstName: 'Ana', lastName: 'Souza', email: 'ana@example.com' })).toBe(
      'Ana Souza',
    );
  });

  it('falls back to the e-mail, then the uid, when the user has no name yet', () => {
    expect(signerName({ uid, firstName: '', lastName: ' ', email: 'ana@example.com' })).toBe(
      'ana@example.com',
    );
    expect(signerName({ uid, firstName: '', lastName: '' })).toBe(uid);
  });
});

describe('onChain', () => {
  it('names a public chain and calls the dev chain what it is', () => {
    expect(onChain({ id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false }, en)).toBe(
      'on Arbitrum One',
    );
    expect(onChain({ id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true }, en)).toBe(
      'on the local dev chain',
    );
  });
});

describe('quorumText', () => {
  it('says k out of n', () => {
    expect(quorumText(2, 3, en)).toBe('2 out of 3');
  });
});
