import type { TTransfer } from '@dash/shared/api';

/** A transfer as the API answers it; `n` makes uid and time distinct. */
export function transferFixture(n: number, overrides: Partial<TTransfer> = {}): TTransfer {
  const uid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 60_000).toISOString();
  return {
    uid,
    type: 'on_ramp',
    status: 'completed',
    provider: { uid: '22222222-2222-4222-8222-222222222222', name: 'Transfero' },
    network: 'polygon-amoy',
    sourceCurrency: 'BRL',
    sourceAmount: `${100 + n}.50`,
    targetCurrency: 'testbrz',
    targetAmount: `${98 + n}.50`,
    rate: '1.00',
    fee: '2.00',
    feeCurrency: 'BRL',
    fiatCurrency: 'BRL',
    wallet: { uid: '44444444-4444-4444-8444-444444444444', name: 'Treasury', address: '0xabc' },
    bankBeneficiary: null,
    instructions: null,
    providerReference: `trf_${n}`,
    txHash: null,
    payoutReference: null,
    failureReason: null,
    approval: { required: false, approvedBy: null },
    createdBy: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
