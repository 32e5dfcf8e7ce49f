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
