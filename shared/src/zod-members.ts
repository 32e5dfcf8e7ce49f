/**
 * The part of zod the contracts use, named one by one. `@dash/shared/zod` (zod.ts) is a federation
 * singleton, and a shared module is built whole: sharing the `zod` package itself would ship all of
 * it, its locales and JSON Schema tools included (73 KB compressed, against 27 KB for this list).
 * A contract that needs another zod function adds it here.
 */
export {
  array,
  base64,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  email,
  enum,
  type infer,
  type input,
  iso,
  literal,
  number,
  object,
  type output,
  preprocess,
  type RefinementCtx,
  record,
  strictObject,
  string,
  unknown,
  url,
  uuid,
  ZodType,
} from 'zod';
