import { codedMessage, type TOrganization, type TUser, type TWallet } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import { userActor } from '../audit/index';
import { findOrganizationUser } from '../members/index';
import { changeUndeployed } from './change-undeployed';
import { recordWalletAudit, type WalletContext } from './context';
import { getWallet } from './get-wallet';
import { insertSigner } from './repo';

/*
 * Propose a signer (an Admin, guarded by the route): a member of the organization, once, added
 * last in proposal order (the Safe's owner order), Pending until they set a signing device.
 */
export async function proposeSigner(
  context: WalletContext,
  organization: TOrganization,
  actor: TUser,
  userUid: string,
): Promise<TWallet> {
  await changeUndeployed(context, organization.uid, async (tx) => {
    const member = await findOrganizationUser(tx, organization.uid, userUid);
    if (!member) {
      throw new AppError('VALIDATION', codedMessage('messages.notAUser'), {
        userUid: codedMessage('messages.notAUser'),
      });
    }
    if (!(await insertSigner(tx, organization.uid, userUid))) {
      throw new AppError('CONFLICT', codedMessage('messages.alreadySigner'), {
        userUid: codedMessage('messages.alreadySigner'),
      });
    }
    await recordWalletAudit(tx, organization.uid, {
      actor: userActor(actor),
      action: 'wallet.signer_added',
      data: { signer: { userUid, email: member.email } },
    });
  });
  return getWallet(context, organization.uid);
}
