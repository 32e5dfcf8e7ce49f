import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIXES,
  API_KEY_SHOWN_LENGTH,
  codedMessage,
  ROLES,
  type TCreateApiKeyRequest,
  type TCreateApiKeyResponse,
  type TRole,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { recordAudit, userActor } from '../audit/index';
import { hashToken } from '../auth/index';
import { findApiKey } from './list-api-keys';
import { insertApiKey } from './repo';

/** Whether `role` gives no more than `limit` (Admin > Editor > Viewer). */
export const withinRole = (role: TRole, limit: TRole) => ROLES.indexOf(role) >= ROLES.indexOf(limit);

/** A new secret: the environment's prefix and 32 random bytes in base64url. */
export function createApiKeySecret(environment: keyof typeof API_KEY_PREFIXES): string {
  return `${API_KEY_PREFIXES[environment]}${randomBytes(32).toString('base64url')}`;
}

/**
 * POST organization/api-keys: an Admin (the guard) creates a key with a role no higher than their
 * own. The answer is the only time the secret is seen; the database keeps its SHA-256.
 */
export async function createApiKey(
  db: Database,
  environment: keyof typeof API_KEY_PREFIXES,
  context: OrganizationContext,
  input: TCreateApiKeyRequest,
): Promise<TCreateApiKeyResponse['data']> {
  const { organization, user } = context;
  if (!withinRole(input.role, organization.role)) {
    throw new AppError('FORBIDDEN', codedMessage('messages.apiKeyRoleAboveCreator'), {
      role: codedMessage('messages.apiKeyRoleAboveCreator'),
    });
  }
  const secret = createApiKeySecret(environment);
  const uid = await db.transaction(async (tx) => {
    const created = await insertApiKey(tx, {
      organizationUid: organization.uid,
      name: input.name,
      role: input.role,
      tokenHash: hashToken(secret),
      shownPrefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
      createdBy: user.uid,
    });
    await recordAudit(tx, {
      organizationUid: organization.uid,
      actor: userActor(user),
      action: 'api_key.created',
      subjectType: 'api_key',
      subjectUid: created,
      data: { name: input.name, role: input.role },
    });
    return created;
  });
  const key = await findApiKey(db, organization.uid, uid);
  return { ...key, secret };
}
