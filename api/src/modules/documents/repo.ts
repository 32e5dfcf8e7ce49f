import type { TDocumentKind } from '@dash/shared/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(
  db: Database,
  values: {
    organizationUid: string;
    kind: TDocumentKind;
    ownerId: string | null;
    name: string;
    byteSize: number;
    contentType: string;
    blobKey: string;
    uploaderUserUid: string | null;
    uploaderEmail: string | null;
  },
): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('Inserting a document returned no row');
  return row;
}

/** The organization's documents, newest first. */
export function listDocuments(db: Database, organizationUid: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.organizationUid, organizationUid))
    .orderBy(desc(documents.createdAt), desc(documents.uid));
}

export async function findDocument(
  db: Database,
  where: { organizationUid: string; documentUid: string },
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationUid, where.organizationUid), eq(documents.uid, where.documentUid)));
  return row;
}
