import type { TCreateApiKeyRequest } from '@dash/shared/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { OrganizationContext } from '../../http/guards';
import { createApiKeyAuthenticator } from './authenticate-api-key';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** Organization API keys (issue 52): each use case is a file of its own; this wires them. */
export function createApiKeyService({ db, config }: { db: Database; config: Pick<Config, 'nodeEnv'> }) {
  const environment = config.nodeEnv === 'production' ? 'live' : 'test';
  return {
    authenticate: createApiKeyAuthenticator(db),
    list: (context: OrganizationContext) => listApiKeys(db, context.organization.uid),
    create: (context: OrganizationContext, input: TCreateApiKeyRequest) =>
      createApiKey(db, environment, context, input),
    revoke: (context: OrganizationContext, uid: string) => revokeApiKey(db, context, uid),
  };
}
