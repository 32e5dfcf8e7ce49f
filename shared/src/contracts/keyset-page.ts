import { coded } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * The query fields of a keyset-paged list (newest first): `cursor`, the previous page's
 * `nextCursor` (a row id as an opaque string), and `limit`, 1 to `max` rows (25 by default).
 */
export function keysetPageQuery(max: number) {
  const limitMessage = coded('messages.limitRange', { max: String(max) });
  return {
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, coded('messages.cursorInvalid'))
      .optional(),
    limit: z.coerce
      .number(limitMessage)
      .int(limitMessage)
      .min(1, limitMessage)
      .max(max, limitMessage)
      .default(25),
  };
}
