import { z } from '@dash/shared/zod';

/**
 * The query fields of a keyset-paged list (newest first): `cursor`, the previous page's
 * `nextCursor` (a row id as an opaque string), and `limit`, 1 to `max` rows (25 by default).
 */
export function keysetPageQuery(max: number) {
  const limitMessage = `limit must be a whole number from 1 to ${max}`;
  return {
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, { message: 'cursor is not valid' })
      .optional(),
    limit: z.coerce
      .number({ message: limitMessage })
      .int({ message: limitMessage })
      .min(1, { message: limitMessage })
      .max(max, { message: limitMessage })
      .default(25),
  };
}
