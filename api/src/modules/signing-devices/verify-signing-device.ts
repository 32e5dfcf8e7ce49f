import type { TSigningDevice, TSigningDeviceProof, TUser } from '@dash/shared/contracts';
import { codedMessage } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/index';
import { consumeProof } from './proof';
import { deviceView } from './register-signing-device';
import { findSigningDevice, markSigningDeviceVerified } from './repo';

// Verify a signing device registered before proofs were required (stored unverified): load it
// (another user's is not found), take the proof for its address and mark it verified in one
// transaction, audited. A device verified already keeps its first verification.

export async function verifySigningDevice(
  db: Database,
  user: TUser,
  signingDeviceUid: string,
  proof: TSigningDeviceProof,
  now: Date,
): Promise<TSigningDevice> {
  const device = await findSigningDevice(db, signingDeviceUid);
  if (!device || device.userUid !== user.uid)
    throw new AppError('NOT_FOUND', codedMessage('messages.signingDeviceNotFound'));
  const row = await db.transaction(async (tx) => {
    await consumeProof(tx, user, device.ethAddress, proof, now);
    const verified = await markSigningDeviceVerified(tx, device.uid, device.verifiedAt ?? now);
    if (device.verifiedAt) return verified;
    await recordAudit(tx, {
      organizationUid: null,
      actor: { kind: 'user', userUid: user.uid, email: user.email },
      action: 'signing_device.verified',
      subjectType: 'signing_device',
      subjectUid: device.uid,
      from: 'unverified',
      to: 'verified',
      data: { ethAddress: device.ethAddress },
    });
    return verified;
  });
  return deviceView(row);
}
