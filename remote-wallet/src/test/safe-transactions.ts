import type { TSafeTransaction, TSafeTransactionListItem, TWallet, TWalletSigner } from '@dash/shared/api';
import { USER as ME } from '@dash/shared/test';

/** The members of the Safe transaction tests: Ana (the signed-in user), Bruno and Carla. */
export const BRUNO = '22222222-2222-4222-8222-222222222222';
export const CARLA = '44444444-4444-4444-8444-444444444444';
export const ANA_KEY = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const BRUNO_KEY = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
export const SAFE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const PAYROLL = '0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836';
export const USDC = '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d';
export const PAYROLL_UID = '55555555-5555-4555-8555-555555555555';

const hash = (byte: string) => `0x${byte.repeat(32)}`;

const signer = (uid: string, firstName: string, ethAddress: string): TWalletSigner => ({
  uid,
  firstName,
  lastName: 'Test',
  ethAddress,
  status: 'Ready',
});

/** A 2 out of 2 Safe on the local Arbitrum Sepolia, owned by Ana's and Bruno's devices. */
export const DEPLOYED: TWallet = {
  status: 'deployed',
  chain: { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true },
  address: SAFE,
  threshold: 2,
  signers: [signer(ME.uid, 'Ana', ANA_KEY), signer(BRUNO, 'Bruno', BRUNO_KEY)],
};

const ana = { owner: ANA_KEY, userUid: ME.uid, name: 'Ana Souza' };
const bruno = { owner: BRUNO_KEY, userUid: BRUNO, name: 'Bruno Test' };

/**
 * A Safe transaction: by default 12.34 USDC to the registered wallet Payroll at nonce 3, awaiting
 * both owners' confirmations (Ana's and Bruno's). `confirmedBy` moves owners from missing to confirmed.
 */
export function safeTransaction(
  overrides: Partial<TSafeTransaction> & { confirmedBy?: ('ana' | 'bruno')[] } = {},
): TSafeTransaction {
  const { confirmedBy = [], ...rest } = overrides;
  const owners = { ana, bruno };
  const nonce = rest.nonce ?? 3;
  const byte = (rest.safeTxHash ?? hash('a1')).slice(2, 4);
  return {
    uid: `66666666-6666-4666-8666-${byte.padStart(12, '0')}`,
    safeTxHash: hash('a1'),
    kind: 'transfer',
    status: 'awaiting_confirmations',
    network: 'arbitrum-sepolia',
    chainId: 421614,
    safeAddress: SAFE,
    nonce,
    tx: {
      to: USDC,
      value: '0',
      data: '0xa9059cbb',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: '0x0000000000000000000000000000000000000000',
      nonce: String(nonce),
    },
    transfer: {
      symbol: 'USDC',
      amount: '12.34',
      token: USDC,
      recipient: { walletUid: PAYROLL_UID, name: 'Payroll', address: PAYROLL },
    },
    domainHash: hash('d0'),
    messageHash: hash('e0'),
    typedData: '{}',
    threshold: 2,
    confirmations: confirmedBy.map((who) => ({ ...owners[who], submittedAt: '2026-11-22T10:00:00.000Z' })),
    missing: (['ana', 'bruno'] as const)
      .filter((who) => !confirmedBy.includes(who))
      .map((who) => owners[who]),
    conflict: false,
    proposedBy: { uid: BRUNO, name: 'Bruno Test' },
    transferUid: null,
    executionTxHash: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    ...rest,
  };
}

/** The transaction as the queue and history list it (GET wallet/transactions): a light row. */
export function listRow(transaction: TSafeTransaction): TSafeTransactionListItem {
  const {
    safeAddress: _safeAddress,
    tx: _tx,
    domainHash: _domainHash,
    messageHash: _messageHash,
    typedData: _typedData,
    confirmations,
    proposedBy: _proposedBy,
    ...row
  } = transaction;
  return { ...row, confirmed: confirmations.length };
}

/** The rejection of `nonce`: the empty transaction from the Safe to itself. */
export function rejection(nonce: number, overrides: Parameters<typeof safeTransaction>[0] = {}) {
  return safeTransaction({
    kind: 'rejection',
    nonce,
    transfer: null,
    safeTxHash: hash('b2'),
    tx: { ...safeTransaction().tx, to: SAFE, data: '0x', nonce: String(nonce) },
    ...overrides,
  });
}
