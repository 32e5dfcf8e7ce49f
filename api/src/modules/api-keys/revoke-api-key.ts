import { codedMessage } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { recordAudit, userActor } from '../audit/index';
import { apiKeyExists, revokeApiKey as markRevoked } from './repo';

/**
 * DELETE organization/api-keys/{uid}: an Admin revokes a key of their organization. The write's
 * answer leaves only once every API process has forgotten its cached key lookups (http/cached-access.ts),
 * so the key's next request is a 401 wherever it lands. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(db: Database, context: OrganizationContext, uid: string): Promise<void> {
  const { organization, user } = context;
  const revoked = await db.transaction(async (tx) => {
    const row = await markRevoked(tx, organization.uid, uid);
    if (!row) return false;
    await recordAudit(tx, {
      organizationUid: organization.uid,
      actor: userActor(user),
      action: 'api_key.revoked',
      subjectType: 'api_key',
      subjectUid: row.uid,
      data: { name: row.name, role: row.role },
    });
    return true;
  });
  if (!revoked && !(await apiKeyExists(db, organization.uid, uid))) {
    throw new AppError('NOT_FOUND', codedMessage('messages.apiKeyNotFound'));
  }
}
