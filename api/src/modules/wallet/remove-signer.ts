import { codedMessage, type TOrganization, type TUser } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import { userActor } from '../audit/index';
import { changeUndeployed } from './change-undeployed';
import { recordWalletAudit, type WalletContext } from './context';
import { deleteSigner } from './repo';

/*
 * Remove a proposed signer (an Admin, guarded by the route) before the deploy request; the route
 * answers 204, so nothing is read back.
 */
export async function removeSigner(
  context: WalletContext,
  organization: TOrganization,
  actor: TUser,
  userUid: string,
): Promise<void> {
  await changeUndeployed(context, organization.uid, async (tx) => {
    if (!(await deleteSigner(tx, organization.uid, userUid))) {
      throw new AppError('NOT_FOUND', codedMessage('messages.notASigner'));
    }
    await recordWalletAudit(tx, organization.uid, {
      actor: userActor(actor),
      action: 'wallet.signer_removed',
      data: { signer: { userUid } },
    });
  });
}
