import { z } from '@dash/shared/zod';
import en from '../i18n/locales/en.json' with { type: 'json' };
import { deferred } from './deferred';

/**
 * Messages travel as codes with values: a code is the message's key in the `common` locale
 * (`catalogue.*`, the spec's catalogue; `messages.*`, every other message), and its English is
 * en.json's text with the values put in. The API's English `message` and the browser's wording in
 * the reader's language come from the same key, so a copy edit is never a protocol change.
 */
type TLeafKeys<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : never;
}[keyof T & string];

/** Every message code there is: TypeScript refuses a code en.json has no text for. */
export type TMessageCode =
  | TLeafKeys<typeof en.catalogue, 'catalogue.'>
  | TLeafKeys<typeof en.messages, 'messages.'>;
/** The values a message carries ({{name}} in its text), as strings: a decimal stays exact. */
export type TMessageParams = Record<string, string>;

/** A message as it travels: its code and, for a message with values, the values. */
export const ZCodedMessage = deferred(() =>
  z.object({
    code: z.string(),
    params: z.record(z.string(), z.string()).optional(),
  }),
);
export interface TCodedMessage {
  code: TMessageCode;
  params?: TMessageParams;
}

const SECTIONS = { catalogue: en.catalogue, messages: en.messages } as Record<
  string,
  Record<string, unknown>
>;

/** en.json's text for a code, or undefined when there is none (a code from a newer server). */
function englishText(code: string): string | undefined {
  const dot = code.indexOf('.');
  const text = SECTIONS[code.slice(0, dot)]?.[code.slice(dot + 1)];
  return typeof text === 'string' ? text : undefined;
}

/** Whether en.json has a message under this code. */
export function isMessageCode(code: string): code is TMessageCode {
  return englishText(code) !== undefined;
}

/** A message's English: en.json's text with its values put in for the {{placeholders}}. */
export function english(code: TMessageCode, params?: TMessageParams): string {
  const text = englishText(code) ?? code;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params?.[name] ?? whole);
}

/** A coded message, for AppError and apiRequest: `codedMessage('messages.emailTaken')`. */
export function codedMessage(code: TMessageCode, params?: TMessageParams): TCodedMessage {
  return params ? { code, params } : { code };
}

/** Where a coded zod issue keeps its code and values beside zod's own fields. */
const ISSUE_CODE = 'messageCode';
const ISSUE_PARAMS = 'messageParams';

/**
 * A zod check's error parameter carrying a message code: the issue's `message` is the English (what
 * the API answers and tests read), and the issue also carries the code and values, so the API's
 * field codes and a form's wording in the reader's language come from the same rule. zod copies
 * the issue's own fields after asking the map for its message, so the code set here is kept
 * (pinned by message-codes.test.ts).
 */
export function coded(code: TMessageCode, params?: TMessageParams): { error: (issue: object) => string } {
  const error = (issue: object) => {
    Object.assign(issue, { [ISSUE_CODE]: code, ...(params ? { [ISSUE_PARAMS]: params } : {}) });
    return english(code, params);
  };
  // The rule's code, readable without a failing value (the API reference lists each route's codes).
  return { error: Object.assign(error, { [ISSUE_CODE]: code }) };
}

/** The code a coded() rule's error map carries, if it is one. */
export function codeOfErrorMap(error: unknown): TMessageCode | undefined {
  const code = typeof error === 'function' ? (error as { [ISSUE_CODE]?: unknown })[ISSUE_CODE] : undefined;
  return typeof code === 'string' && isMessageCode(code) ? code : undefined;
}

/** The codes each schema's refinement (a superRefine raising codedIssue) can raise: raisesCodes. */
const RAISED_CODES = new WeakMap<object, readonly TMessageCode[]>();

/**
 * Says which codes a schema's superRefine can raise (a refinement's codes are code, not data, so
 * walking the schema cannot find them): the API reference and the check that every answer's code
 * is declared read them with raisedCodesOf. Register the schema as exported (after any transform).
 */
export function raisesCodes<T extends object>(schema: T, codes: readonly TMessageCode[]): T {
  RAISED_CODES.set(schema, codes);
  return schema;
}

/** The codes raisesCodes registered for this schema, if any. */
export function raisedCodesOf(schema: object): readonly TMessageCode[] | undefined {
  return RAISED_CODES.get(schema);
}

/** The fields a custom issue (ctx.addIssue) spreads in to carry a code: its English and the code. */
export function codedIssue(code: TMessageCode, params?: TMessageParams) {
  return {
    message: english(code, params),
    [ISSUE_CODE]: code,
    ...(params ? { [ISSUE_PARAMS]: params } : {}),
  } as { message: string };
}

/** The code and values of a zod issue raised by a coded rule; undefined for zod's own wording. */
export function codeOfIssue(issue: object): TCodedMessage | undefined {
  const found = issue as { [ISSUE_CODE]?: unknown; [ISSUE_PARAMS]?: unknown };
  const code = found[ISSUE_CODE];
  if (typeof code !== 'string' || !isMessageCode(code)) return undefined;
  const params = found[ISSUE_PARAMS];
  return codedMessage(
    code,
    typeof params === 'object' && params !== null ? (params as TMessageParams) : undefined,
  );
}

/** A rule's problem as English, or null: for callers that show or compare the English. */
export function englishOrNull(code: TMessageCode | null): string | null {
  return code === null ? null : english(code);
}

/** A value as zod's English writes it in a message: strings quoted, bigints with n. */
const literal = (value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : String(value);

/** The type zod's English names for a received value. */
function receivedType(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'number';
  if (typeof value !== 'object') return typeof value;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const prototype = Object.getPrototypeOf(value);
  return prototype !== Object.prototype && value.constructor ? value.constructor.name : 'object';
}

const SIZE_UNITS: Record<string, 'Characters' | 'Items' | 'Bytes'> = {
  string: 'Characters',
  file: 'Bytes',
  array: 'Items',
  set: 'Items',
};
/** zod's English names of string formats (its en locale), as the generic message names them. */
const FORMAT_NOUNS: Record<string, string> = {
  regex: 'input',
  email: 'email address',
  url: 'URL',
  emoji: 'emoji',
  uuid: 'UUID',
  uuidv4: 'UUIDv4',
  uuidv6: 'UUIDv6',
  nanoid: 'nanoid',
  guid: 'GUID',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ulid: 'ULID',
  xid: 'XID',
  ksuid: 'KSUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  time: 'ISO time',
  duration: 'ISO duration',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  cidrv4: 'IPv4 range',
  cidrv6: 'IPv6 range',
  base64: 'base64-encoded string',
  base64url: 'base64url-encoded string',
  json_string: 'JSON string',
  e164: 'E.164 number',
  jwt: 'JWT',
  template_literal: 'input',
};

type TZodIssue = {
  code?: string;
  input?: unknown;
  expected?: string;
  values?: readonly unknown[];
  origin?: string;
  inclusive?: boolean;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  pattern?: unknown;
  divisor?: unknown;
  keys?: readonly string[];
};

/** Every code defaultIssueCode gives: what any request's inputs may be told (the API reference). */
export const DEFAULT_ISSUE_CODES = [
  'messages.zodInvalidType',
  'messages.zodInvalidValue',
  'messages.zodInvalidOption',
  'messages.zodTooBigCharacters',
  'messages.zodTooBigItems',
  'messages.zodTooBigBytes',
  'messages.zodTooBigValue',
  'messages.zodTooSmallCharacters',
  'messages.zodTooSmallItems',
  'messages.zodTooSmallBytes',
  'messages.zodTooSmallValue',
  'messages.zodStartsWith',
  'messages.zodEndsWith',
  'messages.zodIncludes',
  'messages.zodPattern',
  'messages.zodInvalidFormat',
  'messages.zodNotMultipleOf',
  'messages.zodUnrecognizedKey',
  'messages.zodUnrecognizedKeys',
  'messages.zodInvalidKey',
  'messages.zodInvalidElement',
  'messages.zodInvalidInput',
] as const satisfies readonly TMessageCode[];

/**
 * The code of a rule a contract left to zod's wording (a bare `z.string()`, `.min(1)`): one
 * generic code per kind of issue, its values taken from the issue, whose English is zod's own
 * sentence (en.json spells it as zod does), so nothing reaches the wire or a form uncoded.
 */
export function defaultIssueCode(issue: TZodIssue): TCodedMessage {
  const text = (value: unknown) => String(value);
  switch (issue.code) {
    case 'invalid_type':
      return codedMessage('messages.zodInvalidType', {
        expected: text(issue.expected),
        received: receivedType(issue.input),
      });
    case 'invalid_value':
      return issue.values?.length === 1
        ? codedMessage('messages.zodInvalidValue', { expected: literal(issue.values[0]) })
        : codedMessage('messages.zodInvalidOption', { options: (issue.values ?? []).map(literal).join('|') });
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const unit = SIZE_UNITS[issue.origin ?? ''] ?? 'Value';
      const comparison = big ? (issue.inclusive ? '<=' : '<') : issue.inclusive ? '>=' : '>';
      return codedMessage(`messages.zod${big ? 'TooBig' : 'TooSmall'}${unit}`, {
        origin: issue.origin ?? 'value',
        comparison,
        limit: text(big ? issue.maximum : issue.minimum),
      });
    }
    case 'invalid_format':
      if (issue.format === 'starts_with')
        return codedMessage('messages.zodStartsWith', { prefix: text(issue.prefix) });
      if (issue.format === 'ends_with')
        return codedMessage('messages.zodEndsWith', { suffix: text(issue.suffix) });
      if (issue.format === 'includes')
        return codedMessage('messages.zodIncludes', { includes: text(issue.includes) });
      if (issue.format === 'regex')
        return codedMessage('messages.zodPattern', { pattern: text(issue.pattern) });
      return codedMessage('messages.zodInvalidFormat', {
        format: FORMAT_NOUNS[issue.format ?? ''] ?? text(issue.format),
      });
    case 'not_multiple_of':
      return codedMessage('messages.zodNotMultipleOf', { divisor: text(issue.divisor) });
    case 'unrecognized_keys':
      return codedMessage(
        (issue.keys?.length ?? 0) > 1 ? 'messages.zodUnrecognizedKeys' : 'messages.zodUnrecognizedKey',
        {
          keys: (issue.keys ?? []).map(literal).join(', '),
        },
      );
    case 'invalid_key':
      return codedMessage('messages.zodInvalidKey', { origin: text(issue.origin) });
    case 'invalid_element':
      return codedMessage('messages.zodInvalidElement', { origin: text(issue.origin) });
    default:
      return codedMessage('messages.zodInvalidInput');
  }
}

// Every zod issue no rule worded (zod's default English) is coded the same way (`coded` above),
// for the API and the browser alike: the message stays zod's English, the code travels with it.
z.config({
  customError: (issue) => {
    const message = defaultIssueCode(issue as TZodIssue);
    Object.assign(issue, {
      [ISSUE_CODE]: message.code,
      ...(message.params ? { [ISSUE_PARAMS]: message.params } : {}),
    });
    return english(message.code, message.params);
  },
});
