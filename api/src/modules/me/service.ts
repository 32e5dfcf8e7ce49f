import type { TMeResponse, TOrganization, TUser } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { prepareListOrganizationsOfUser } from './repo';

export type MeService = ReturnType<typeof createMeService>;

export function createMeService({ db }: { db: Database }) {
  const listOrganizationsOfUser = prepareListOrganizationsOfUser(db);
  return {
    /** Dashboard sessions are always user sessions (spec section 3: data.type is 'user'). */
    describe(user: TUser): TMeResponse['data'] {
      return { ...user, type: 'user' };
    },

    /** Ordered by name, so the dashboard's "first organization" is stable. */
    organizations(user: TUser): Promise<TOrganization[]> {
      return listOrganizationsOfUser(user.uid);
    },
  };
}
