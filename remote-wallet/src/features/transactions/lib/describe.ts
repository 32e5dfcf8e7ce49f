import { shortAddress, type TFunction, type useFormat } from '@dash/shared';
import type { TSafeTransactionListItem } from '@dash/shared/api';

type TFormat = ReturnType<typeof useFormat>;

/** What a transaction does, in one line: "Send 12.34 USDC to Payroll (0x12…34)", "Reject nonce 3: …". */
export function describe(
  transaction: Pick<TSafeTransactionListItem, 'transfer' | 'nonce'>,
  t: TFunction,
  format: TFormat,
): string {
  if (!transaction.transfer) return t('queue.rejection', { nonce: transaction.nonce });
  const { amount, symbol, recipient } = transaction.transfer;
  return t('queue.transfer', {
    amount: format.money(amount, symbol),
    name: recipient.name,
    address: shortAddress(recipient.address),
  });
}

/** An owner as people know them: their name, else their address. */
export const ownerName = (owner: { owner: string; name: string | null }) => owner.name ?? owner.owner;
