import { codedMessage, type TOrganization, type TUser, type TWallet } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import { userActor } from '../audit/index';
import { findSigningDevice } from '../signing-devices/index';
import { changeUndeployed } from './change-undeployed';
import { recordWalletAudit, type WalletContext } from './context';
import { getWallet } from './get-wallet';
import { listSigners, setSignerDevice } from './repo';

/*
 * Set a signer's signing device (any member may call the route; only a signer, only for one of
 * their own devices): its address becomes their owner address, the signer Ready. A signer may
 * replace their device until deploy is requested; no two signers may share an address.
 */
export async function setSigningDevice(
  context: WalletContext,
  organization: TOrganization,
  user: TUser,
  signingDeviceUid: string,
): Promise<TWallet> {
  // Under the wallet's lock, like every signer change: two signers choosing the same address at
  // once are served one after the other, and the second sees the first's address.
  await changeUndeployed(context, organization.uid, async (tx) => {
    const device = await findSigningDevice(tx, signingDeviceUid);
    // Someone else's device answers like an unknown one: uids of other people's devices stay private.
    if (!device || device.userUid !== user.uid) {
      throw new AppError('VALIDATION', codedMessage('messages.chooseOwnSigningDevice'), {
        signingDeviceUid: codedMessage('messages.chooseOwnSigningDevice'),
      });
    }
    const signers = await listSigners(tx, organization.uid);
    const me = signers.find((signer) => signer.uid === user.uid);
    if (!me) throw new AppError('FORBIDDEN', codedMessage('messages.signingDeviceSignersOnly'));
    // A Safe cannot have one owner twice: refused here, where the clash would be made, not at deploy.
    const address = device.ethAddress.toLowerCase();
    if (signers.some((signer) => signer.uid !== user.uid && signer.ethAddress?.toLowerCase() === address)) {
      throw new AppError('CONFLICT', codedMessage('messages.walletSignerAddressTaken'), {
        signingDeviceUid: codedMessage('messages.walletSignerAddressTaken'),
      });
    }
    if (!(await setSignerDevice(tx, organization.uid, user.uid, device.uid))) {
      throw new AppError('FORBIDDEN', codedMessage('messages.signingDeviceSignersOnly'));
    }
    await recordWalletAudit(tx, organization.uid, {
      actor: userActor(user),
      action: 'wallet.signing_device_set',
      data: {
        signingDeviceUid: device.uid,
        ...(me.signingDeviceUid && me.signingDeviceUid !== device.uid
          ? { replacedSigningDeviceUid: me.signingDeviceUid }
          : {}),
      },
    });
  });
  return getWallet(context, organization.uid);
}
