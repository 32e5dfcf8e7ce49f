import type { TSigningDevice } from '@dash/shared/api';

/** Two signing devices of the signed-in member, for the wallet's signing-device tests. */
export const LEDGER: TSigningDevice = {
  uid: '66666666-6666-4666-8666-666666666666',
  name: 'Ledger',
  ethAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  verifiedAt: '2026-11-01T00:05:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
};
export const TREZOR: TSigningDevice = {
  uid: '77777777-7777-4777-8777-777777777777',
  name: 'Trezor',
  ethAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  verifiedAt: null,
  createdAt: '2026-11-02T00:00:00.000Z',
};
