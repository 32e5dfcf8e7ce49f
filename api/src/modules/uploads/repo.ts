import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tempFiles } from '../../db/schema';

export type TempFileRow = typeof tempFiles.$inferSelect;

export async function insertTempFile(
  db: Database,
  values: {
    uid: string;
    organizationUid: string;
    userUid: string;
    filename: string;
    contentType: string;
    byteSize: number;
    blobKey: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(tempFiles).values(values);
}

/** pending → uploading, once: the second PUT with the same token finds nothing to claim. */
export async function claimTempFileForUpload(
  db: Database,
  where: { uid: string; organizationUid: string; userUid: string },
): Promise<TempFileRow | undefined> {
  const [row] = await db
    .update(tempFiles)
    .set({ status: 'uploading' })
    .where(
      and(
        eq(tempFiles.uid, where.uid),
        eq(tempFiles.organizationUid, where.organizationUid),
        eq(tempFiles.userUid, where.userUid),
        eq(tempFiles.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

export async function findTempFile(db: Database, uid: string): Promise<TempFileRow | undefined> {
  const [row] = await db.select().from(tempFiles).where(eq(tempFiles.uid, uid));
  return row;
}

export async function markTempFileUploaded(db: Database, uid: string): Promise<void> {
  await db
    .update(tempFiles)
    .set({ status: 'uploaded', uploadedAt: sql`now()` })
    .where(and(eq(tempFiles.uid, uid), eq(tempFiles.status, 'uploading')));
}

export async function deleteTempFile(db: Database, uid: string): Promise<void> {
  await db.delete(tempFiles).where(eq(tempFiles.uid, uid));
}

/**
 * Takes uploaded temp files of this user and organization for good (deletes their rows, keeps
 * their blobs): what a reply does with its attachments, inside its transaction.
 */
export async function takeUploadedTempFiles(
  db: Database,
  where: { uids: string[]; organizationUid: string; userUid: string },
): Promise<TempFileRow[]> {
  if (where.uids.length === 0) return [];
  return db
    .delete(tempFiles)
    .where(
      and(
        inArray(tempFiles.uid, where.uids),
        eq(tempFiles.organizationUid, where.organizationUid),
        eq(tempFiles.userUid, where.userUid),
        eq(tempFiles.status, 'uploaded'),
      ),
    )
    .returning();
}

/** Deletes temp files created before `before` (nothing took them) and returns their blob keys. */
export async function deleteTempFilesCreatedBefore(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(tempFiles)
    .where(lt(tempFiles.createdAt, before))
    .returning({ blobKey: tempFiles.blobKey });
  return rows.map((row) => row.blobKey);
}
