import {
  codedMessage,
  type TCreateSigningDeviceRequest,
  type TSigningDevice,
  type TUser,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/index';
import { consumeProof } from './proof';
import { insertSigningDevice, type SigningDeviceRow } from './repo';

// Register a signing device: the user's own, by name and address (checksummed by the contract, so
// one address has one spelling in the unique index), only with its proof (a signed challenge, the
// contract requires it): stored verified, in the transaction that uses the challenge up. Audited.

export async function registerSigningDevice(
  db: Database,
  user: TUser,
  request: TCreateSigningDeviceRequest,
  now: Date,
): Promise<TSigningDevice> {
  try {
    const row = await db.transaction(async (tx) => {
      await consumeProof(tx, user, request.ethAddress, request.proof, now);
      const device = await insertSigningDevice(tx, {
        userUid: user.uid,
        name: request.name,
        ethAddress: request.ethAddress,
        verifiedAt: now,
      });
      await recordAudit(tx, {
        organizationUid: null,
        actor: { kind: 'user', userUid: user.uid, email: user.email },
        action: 'signing_device.registered',
        subjectType: 'signing_device',
        subjectUid: device.uid,
        to: 'verified',
        data: { ethAddress: device.ethAddress, name: device.name },
      });
      return device;
    });
    return deviceView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'signing_devices_user_address_unique')) {
      throw new AppError(
        'CONFLICT',
        codedMessage('messages.signingDeviceDuplicate'),
        { ethAddress: codedMessage('messages.signingDeviceDuplicate') },
        { cause: error },
      );
    }
    throw error;
  }
}

export function deviceView(row: SigningDeviceRow): TSigningDevice {
  return {
    ...row,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
