import { codedMessage } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { WalletContext } from './context';
import { lockWallet } from './repo';

/*
 * The signers' use cases (propose, remove, set a signing device) change the wallet only while it
 * is undeployed: from the deploy request on, nothing changes (409).
 */

/** Runs a change to the wallet under its row lock, while it is still open to change. */
export function changeUndeployed<T>(
  { db }: WalletContext,
  organizationUid: string,
  apply: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, organizationUid);
    if (wallet.status === 'deployed') throw new AppError('CONFLICT', codedMessage('messages.walletDeployed'));
    if (wallet.status !== 'undeployed')
      throw new AppError('CONFLICT', codedMessage('messages.signersLockedDeploymentRequested'));
    return apply(tx);
  });
}
