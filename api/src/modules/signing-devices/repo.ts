import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signingDevices } from '../../db/schema';

const deviceColumns = {
  uid: signingDevices.uid,
  name: signingDevices.name,
  ethAddress: signingDevices.ethAddress,
  createdAt: signingDevices.createdAt,
};

export function listSigningDevices(db: Database, userUid: string) {
  return db
    .select(deviceColumns)
    .from(signingDevices)
    .where(eq(signingDevices.userUid, userUid))
    .orderBy(asc(signingDevices.createdAt), asc(signingDevices.name));
}

export async function insertSigningDevice(
  db: Database,
  device: { userUid: string; name: string; ethAddress: string },
) {
  const [row] = await db.insert(signingDevices).values(device).returning(deviceColumns);
  if (!row) throw new Error('Signing device insert returned no row');
  return row;
}

/** One device by its uid, whoever owns it (the caller checks the owner). */
export async function findSigningDevice(
  db: Database,
  signingDeviceUid: string,
): Promise<{ uid: string; userUid: string; ethAddress: string } | undefined> {
  const [row] = await db
    .select({
      uid: signingDevices.uid,
      userUid: signingDevices.userUid,
      ethAddress: signingDevices.ethAddress,
    })
    .from(signingDevices)
    .where(eq(signingDevices.uid, signingDeviceUid));
  return row;
}
