import { z } from '@dash/shared/zod';
import en from '../i18n/locales/en.json' with { type: 'json' };

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
export const ZCodedMessage = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});
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
