import { describe, expect, it } from 'vitest';
import {
  explorerTxUrl,
  QUORUM_INVALID,
  quorumLabel,
  quorumOptions,
  safeViewerUrl,
  ZDeployWalletRequest,
  ZProposeWalletSignerRequest,
} from './wallet';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('wallet contracts', () => {
  it('links a Safe to Safe{Wallet} on Arbitrum, and to nothing on the dev chain', () => {
    expect(safeViewerUrl('arbitrum-one', ADDRESS)).toBe(`https://app.safe.global/home?safe=arb1:${ADDRESS}`);
    expect(safeViewerUrl('arbitrum-sepolia', ADDRESS)).toBe(
      `https://app.safe.global/home?safe=arb-sep:${ADDRESS}`,
    );
    expect(safeViewerUrl('dev', ADDRESS)).toBeUndefined();
    expect(explorerTxUrl('arbitrum-one', '0xabc')).toBe('https://arbiscan.io/tx/0xabc');
    expect(explorerTxUrl('dev', '0xabc')).toBeUndefined();
  });

  it('offers quorums 1..n, shown as "k out of n"', () => {
    expect(quorumOptions(3)).toEqual([1, 2, 3]);
    expect(quorumOptions(0)).toEqual([]);
    expect(quorumLabel(2, 3)).toBe('2 out of 3');
  });

  it.each([0, -1, 1.5, '2', null])('refuses the quorum %s', (threshold) => {
    const result = ZDeployWalletRequest.safeParse({ threshold });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(QUORUM_INVALID);
  });

  it('needs a user uid to propose a signer', () => {
    expect(ZProposeWalletSignerRequest.safeParse({ userUid: '' }).success).toBe(false);
    expect(ZProposeWalletSignerRequest.safeParse({}).success).toBe(false);
  });
});
