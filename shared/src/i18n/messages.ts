import type { z } from '@dash/shared/zod';
import { ApiError } from '../client/api-client';
import { codeOfIssue, isMessageCode, type TCodedMessage } from '../contracts/message-codes';
import { NUMBER_MARKS } from './format';
import { i18n } from './i18n';

/** A decimal value as the active language writes it ('2.50' is '2,50' in pt-BR); other values as they are. */
const inLocale = (value: string) =>
  /^\d+\.\d+$/.test(value) ? value.replace('.', NUMBER_MARKS[i18n.language].decimal) : value;

/**
 * A coded message (a failed call's catalogue message, a server's reason, a field error) in the
 * active language: its code is its key in `common`, its values go in (a decimal written the
 * language's way). Messages travel as codes (issue 49): nothing is ever looked up by its English.
 */
export function wordMessage(message: TCodedMessage): string {
  const values = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, value]) => [name, inLocale(value)]),
  );
  return i18n.t(message.code, { ...values, ns: 'common' });
}

/**
 * A message as it travels (a code this client may not know, from a newer server) in the active
 * language, else the English it came with (a proxy's, a test's, the provider's own words).
 */
export function wordCoded(
  message: { code: string; params?: Record<string, string> } | null | undefined,
  english: string,
): string {
  return message && isMessageCode(message.code)
    ? wordMessage({ code: message.code, ...(message.params ? { params: message.params } : {}) })
    : english;
}
const worded = wordCoded;

/** A failed call's catalogue message in the active language; any other error's own message. */
export function wordError(error: Error): string {
  return error instanceof ApiError ? worded(error.codes.message, error.message) : error.message;
}

/** The server's reason of a failed call in the active language, or undefined when it gave none. */
export function wordErrorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.detail) return undefined;
  return worded(error.codes.detail, error.detail);
}

/** A failed call's field messages in the active language, by field path. */
export function wordFieldErrors(error: ApiError): Record<string, string> {
  return Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([field, text]) => [
      field,
      worded(error.codes.fields?.[field], text),
    ]),
  );
}

/** A zod issue's message in the active language: worded from its code (the contract's rule). */
export function wordIssue(issue: { message: string }): string {
  return worded(codeOfIssue(issue), issue.message);
}

/**
 * A form validator over a shared contract whose messages come out in the active language, as
 * @mantine/form's schemaResolver maps issues (each field's first issue, by its dotted path), but
 * worded from each issue's code, so the contract keeps one rule and the field shows it translated.
 */
export function schemaResolverInLanguage<TValues>(
  schema: z.ZodType,
): (values: TValues) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(values);
    const errors: Record<string, string> = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= wordIssue(issue);
    }
    return errors;
  };
}
