import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signingDeviceChallenges, signingDevices } from '../../db/schema';

const deviceColumns = {
  uid: signingDevices.uid,
  name: signingDevices.name,
  ethAddress: signingDevices.ethAddress,
  verifiedAt: signingDevices.verifiedAt,
  createdAt: signingDevices.createdAt,
};

export type SigningDeviceRow = Awaited<ReturnType<typeof listSigningDevices>>[number];

export function listSigningDevices(db: Database, userUid: string) {
  return db
    .select(deviceColumns)
    .from(signingDevices)
    .where(eq(signingDevices.userUid, userUid))
    .orderBy(asc(signingDevices.createdAt), asc(signingDevices.name));
}

export async function insertSigningDevice(
  db: Database,
  device: { userUid: string; name: string; ethAddress: string; verifiedAt: Date | null },
) {
  const [row] = await db.insert(signingDevices).values(device).returning(deviceColumns);
  if (!row) throw new Error('Signing device insert returned no row');
  return row;
}

/** One device by its uid, whoever owns it (the caller checks the owner). */
export async function findSigningDevice(
  db: Database,
  signingDeviceUid: string,
): Promise<{ uid: string; userUid: string; ethAddress: string; verifiedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      uid: signingDevices.uid,
      userUid: signingDevices.userUid,
      ethAddress: signingDevices.ethAddress,
      verifiedAt: signingDevices.verifiedAt,
    })
    .from(signingDevices)
    .where(eq(signingDevices.uid, signingDeviceUid));
  return row;
}

export async function markSigningDeviceVerified(db: Database, uid: string, at: Date) {
  const [row] = await db
    .update(signingDevices)
    .set({ verifiedAt: at })
    .where(eq(signingDevices.uid, uid))
    .returning(deviceColumns);
  if (!row) throw new Error('Signing device vanished');
  return row;
}

export async function insertChallenge(db: Database, values: typeof signingDeviceChallenges.$inferInsert) {
  await db.insert(signingDeviceChallenges).values(values);
}

/** The challenge, locked until the transaction ends (two uses of one challenge wait for each other). */
export async function lockChallenge(db: Database, uid: string) {
  const [row] = await db
    .select()
    .from(signingDeviceChallenges)
    .where(eq(signingDeviceChallenges.uid, uid))
    .for('update');
  return row;
}

export async function markChallengeUsed(db: Database, uid: string, at: Date) {
  await db.update(signingDeviceChallenges).set({ usedAt: at }).where(eq(signingDeviceChallenges.uid, uid));
}
