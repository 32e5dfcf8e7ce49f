import type {
  TCreateSigningDeviceRequest,
  TSigningDevice,
  TSigningDeviceChallenge,
  TSigningDeviceProof,
  TUser,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { createChallenge } from './proof';
import { deviceView, registerSigningDevice } from './register-signing-device';
import { listSigningDevices } from './repo';
import { verifySigningDevice } from './verify-signing-device';

export type SigningDeviceService = ReturnType<typeof createSigningDeviceService>;

/** Wires the signing-device use cases (one file each) to the database and the clock. */
export function createSigningDeviceService({
  db,
  now = () => new Date(),
}: {
  db: Database;
  now?: () => Date;
}) {
  return {
    async list(user: TUser): Promise<TSigningDevice[]> {
      return (await listSigningDevices(db, user.uid)).map(deviceView);
    },
    challenge(user: TUser, ethAddress: string): Promise<TSigningDeviceChallenge> {
      return createChallenge(db, user, ethAddress, now());
    },
    create(
      user: TUser,
      request: TCreateSigningDeviceRequest & { ethAddress: string },
    ): Promise<TSigningDevice> {
      return registerSigningDevice(db, user, request, now());
    },
    verify(user: TUser, signingDeviceUid: string, proof: TSigningDeviceProof): Promise<TSigningDevice> {
      return verifySigningDevice(db, user, signingDeviceUid, proof, now());
    },
  };
}
