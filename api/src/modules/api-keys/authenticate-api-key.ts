import { API_KEY_PATTERN, ROLES, type TRole } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { ApiKeyAccess } from '../../http/guards';
import { recordAudit } from '../audit/index';
import { hashToken } from '../auth/index';
import { toOrganization } from '../organization/index';
import { LAST_USED_EVERY_MS, noteRefusedUse, prepareFindApiKey, touchApiKey } from './repo';

/** What a secret resolves to, and until when that answer stays true without a write (read cache). */
export interface ApiKeyAnswer {
  access: ApiKeyAccess | null;
  /** null: until the next write; 0: not to be kept (each refused use is looked at). */
  validUntil: number | null;
}

const lesserRole = (a: TRole, b: TRole): TRole => (ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b);

/**
 * Resolves `Authorization: Bearer <secret>` for every request that sends one: the key acts in its
 * organization with its role, capped by the role its creator still has there (a creator who left
 * takes the key's powers along). Its last use is written when the last write is over a minute
 * old, so a busy key costs one write a minute, not one per request. A revoked key is refused and
 * its use audited (at most once a minute per key).
 */
export function createApiKeyAuthenticator(db: Database) {
  const findApiKey = prepareFindApiKey(db);
  return async (secret: string): Promise<ApiKeyAnswer> => {
    if (!API_KEY_PATTERN.test(secret)) return { access: null, validUntil: null };
    const key = await findApiKey(hashToken(secret));
    if (!key) return { access: null, validUntil: null };
    if (key.revokedAt !== null) {
      await db.transaction(async (tx) => {
        if (!(await noteRefusedUse(tx, key.uid))) return;
        await recordAudit(tx, {
          organizationUid: key.organization.uid,
          actor: { kind: 'apiKey', apiKeyUid: key.uid, name: key.name },
          action: 'api_key.refused',
          subjectType: 'api_key',
          subjectUid: key.uid,
          note: 'A revoked key was used',
        });
      });
      return { access: null, validUntil: 0 };
    }
    if (key.user === null || key.creatorRole === null) return { access: null, validUntil: null };
    if (key.dueForUse) await touchApiKey(db, key.uid);
    const lastUsed = key.dueForUse || key.lastUsedAt === null ? Date.now() : key.lastUsedAt.getTime();
    return {
      access: {
        apiKey: { uid: key.uid, name: key.name },
        user: key.user,
        organization: toOrganization(key.organization, lesserRole(key.role, key.creatorRole)),
      },
      validUntil: lastUsed + LAST_USED_EVERY_MS,
    };
  };
}
