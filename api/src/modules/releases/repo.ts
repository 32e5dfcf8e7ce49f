import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { OrganizationDirectory } from './service';

/** The organizations a canary may name: the database's, by slug. */
export function organizationDirectory(db: Database): OrganizationDirectory {
  return {
    async unknownSlugs(slugs) {
      if (slugs.length === 0) return [];
      const rows = await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(inArray(organizations.slug, [...slugs]));
      const known = new Set(rows.map((row) => row.slug));
      return slugs.filter((slug) => !known.has(slug));
    },
  };
}
