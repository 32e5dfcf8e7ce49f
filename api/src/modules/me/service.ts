import type { TMeResponse, TOrganization, TUser } from '@dash/shared/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isOperator } from '../../http/guards';
import { prepareListOrganizationsOfUser } from './repo';

export type MeService = ReturnType<typeof createMeService>;

export function createMeService({ db, config }: { db: Database; config: Pick<Config, 'operatorEmails'> }) {
  const listOrganizationsOfUser = prepareListOrganizationsOfUser(db);
  return {
    /** Dashboard sessions are always user sessions (spec section 3: data.type is 'user'); operators are marked. */
    describe(user: TUser): TMeResponse['data'] {
      return { ...user, type: 'user', ...(isOperator(config, user) ? { operator: true as const } : {}) };
    },

    /** Ordered by name, so the dashboard's "first organization" is stable. */
    organizations(user: TUser): Promise<TOrganization[]> {
      return listOrganizationsOfUser(user.uid);
    },
  };
}
