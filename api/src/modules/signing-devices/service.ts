import { SIGNING_DEVICE_DUPLICATE_MESSAGE, type TSigningDevice, type TUser } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { insertSigningDevice, listSigningDevices } from './repo';

export type SigningDeviceService = ReturnType<typeof createSigningDeviceService>;

export function createSigningDeviceService({ db }: { db: Database }) {
  return {
    async list(user: TUser): Promise<TSigningDevice[]> {
      const rows = await listSigningDevices(db, user.uid);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The address arrives checksummed (ZEthAddress), so one address has one spelling in the unique index. */
    async create(user: TUser, device: { name: string; ethAddress: string }): Promise<TSigningDevice> {
      try {
        const row = await insertSigningDevice(db, { userUid: user.uid, ...device });
        return { ...row, createdAt: row.createdAt.toISOString() };
      } catch (error) {
        if (isUniqueViolation(error, 'signing_devices_user_address_unique')) {
          throw new AppError(
            'CONFLICT',
            SIGNING_DEVICE_DUPLICATE_MESSAGE,
            { ethAddress: SIGNING_DEVICE_DUPLICATE_MESSAGE },
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
