import { codedMessage, type TApiKey } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { type ApiKeyRow, listApiKeys as selectApiKeys } from './repo';

function toApiKey(row: ApiKeyRow): TApiKey {
  const creatorName = `${row.createdByFirstName ?? ''} ${row.createdByLastName ?? ''}`.trim();
  return {
    uid: row.uid,
    name: row.name,
    role: row.role,
    shownPrefix: row.shownPrefix,
    createdBy: creatorName || row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** GET organization/api-keys: every key of the organization, newest first, never a secret. */
export async function listApiKeys(db: Database, organizationUid: string): Promise<TApiKey[]> {
  return (await selectApiKeys(db, organizationUid)).map(toApiKey);
}

/** One key of the organization; 404 when it has none by that uid. */
export async function findApiKey(db: Database, organizationUid: string, uid: string): Promise<TApiKey> {
  const [row] = await selectApiKeys(db, organizationUid, uid);
  if (!row) throw new AppError('NOT_FOUND', codedMessage('messages.apiKeyNotFound'));
  return toApiKey(row);
}
