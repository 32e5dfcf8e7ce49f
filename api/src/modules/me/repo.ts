import type { TOrganization } from '@dash/shared/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, organizations } from '../../db/schema';
import { organizationWithRole, toOrganization } from '../organization/index';

/**
 * Every organization of the user with their role in it, by name: one query (memberships_user_uid_idx
 * plus a primary-key join), prepared once per database.
 */
export function prepareListOrganizationsOfUser(db: Database) {
  const query = db
    .select(organizationWithRole)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.uid, memberships.organizationUid))
    .where(eq(memberships.userUid, sql.placeholder('userUid')))
    .orderBy(asc(organizations.name), asc(organizations.slug))
    .prepare('me_list_organizations');
  return async (userUid: string): Promise<TOrganization[]> => {
    const rows = await query.execute({ userUid });
    return rows.map((row) => toOrganization(row, row.role));
  };
}
