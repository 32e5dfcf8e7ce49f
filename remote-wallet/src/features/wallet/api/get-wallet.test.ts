import type { TWalletStatus } from '@dash/shared/api';
import { describe, expect, it } from 'vitest';
import { walletPollInterval, walletQueryOptions } from './get-wallet';

const pollWhile = (status: TWalletStatus) =>
  walletPollInterval({
    status,
    chain: { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true },
    signers: [],
  });

describe('the wallet query', () => {
  it('polls every 5 s while the wallet is deploying, and not otherwise', () => {
    expect(pollWhile('deploying')).toBe(5000);
    expect(pollWhile('undeployed')).toBe(false);
    expect(pollWhile('deployed')).toBe(false);
    expect(pollWhile('failed')).toBe(false);
    expect(walletPollInterval(undefined)).toBe(false);
  });

  it('polls while the Safe is deploying on another network, its first one deployed', () => {
    const chain = { id: 80002, name: 'Polygon Amoy (local)', key: 'dev' as const, isDevChain: true };
    const on = (status: TWalletStatus) =>
      walletPollInterval({
        status: 'deployed',
        chain: { ...chain, id: 421614 },
        signers: [],
        networks: [{ network: 'polygon-amoy', chain, status, address: '0x1', deployment: {} }],
      });
    expect(on('deploying')).toBe(5000);
    expect(on('deployed')).toBe(false);
    expect(on('failed')).toBe(false);
  });

  it('refetches whenever the window gets the focus back', () => {
    expect(walletQueryOptions('33333333-3333-4333-8333-333333333333').refetchOnWindowFocus).toBe('always');
  });
});
