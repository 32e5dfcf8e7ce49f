import { i18n } from './i18n';
import en from './locales/en.json';

type TTree = { [key: string]: string | TTree };

/** English text -> its key in `common` (catalogue.*, messages.*): English stays the source of truth. */
const KEY_OF_ENGLISH = new Map<string, string>();
for (const section of ['catalogue', 'messages'] as const) {
  for (const [key, text] of Object.entries(en[section] as TTree)) {
    if (typeof text === 'string') KEY_OF_ENGLISH.set(text, `${section}.${key}`);
  }
}

/** The key in `common` of an English message (catalogue.* or messages.*), if it has one. */
export function keyOfEnglish(text: string): string | undefined {
  return KEY_OF_ENGLISH.get(text);
}

/**
 * A message that reaches the UI in English (the spec's catalogue message of a failed call, a
 * server's reason, a field error) in the active language. Text we have no translation for is shown
 * as it came, so nothing is ever lost.
 */
export function translateMessage(text: string): string {
  const key = keyOfEnglish(text);
  return key ? i18n.t(key, { ns: 'common' }) : text;
}

/**
 * A form validator whose messages come out in the active language: wraps a validator (such as
 * @mantine/form's schemaResolver over a shared contract) and passes every message through
 * translateMessage, so the contract keeps one English rule and the field shows it translated.
 */
export function inLanguage<TValues, TErrors extends Record<string, unknown>>(
  validate: (values: TValues) => TErrors,
): (values: TValues) => TErrors {
  return (values) =>
    Object.fromEntries(
      Object.entries(validate(values)).map(([field, message]) => [
        field,
        typeof message === 'string' ? translateMessage(message) : message,
      ]),
    ) as TErrors;
}
