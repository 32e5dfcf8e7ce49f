import {
  codeOfErrorMap,
  DEFAULT_ISSUE_CODES,
  raisedCodesOf,
  type TMessageCode,
} from '@dash/shared/contracts';
import type { z } from 'zod';

/**
 * The message codes a request's contracts can answer with: every coded rule (`coded(...)`) found
 * by walking the zod schemas, checks and nested shapes included, and the codes a superRefine raises
 * (codedIssue), which its schema registers with raisesCodes.
 */
export function messageCodesOfSchema(schema: z.ZodType | undefined, into = new Set<TMessageCode>()) {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 40 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
    const code = codeOfErrorMap(value);
    if (code) into.add(code);
    if (typeof value === 'function' || seen.has(value)) return;
    seen.add(value);
    for (const raised of raisedCodesOf(value) ?? []) into.add(raised);
    const zod = (value as { _zod?: { def?: unknown } })._zod;
    if (zod?.def) {
      visit(zod.def, depth + 1);
      return;
    }
    for (const item of Array.isArray(value) ? value : Object.values(value)) visit(item, depth + 1);
  };
  visit(schema, 0);
  return into;
}

/**
 * What any request with a body or parameters may be told when they are not what its contract says
 * (zod's own wording of a rule no contract worded included: DEFAULT_ISSUE_CODES).
 */
export const INPUT_MESSAGE_CODES: readonly TMessageCode[] = [
  ...DEFAULT_ISSUE_CODES,
  'messages.unknownField',
  'messages.unknownFieldNamed',
  'messages.unknownFields',
  'messages.nulCharacter',
  'messages.illFormedText',
];
/** What a request with a JSON body may be told about the body itself. */
export const BODY_MESSAGE_CODES: readonly TMessageCode[] = [
  'messages.bodyEmpty',
  'messages.bodyMustBeJson',
  'messages.bodyNotJson',
  'messages.bodyTooLarge',
  'messages.bodyMediaType',
  'messages.bodyLengthMismatch',
];
