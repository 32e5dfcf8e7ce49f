import { NUMBER_MARKS } from './format';
import { i18n } from './i18n';
import en from './locales/en.json';

type TTree = { [key: string]: string | TTree };

/** English text -> its key in `common` (catalogue.*, messages.*): English stays the source of truth. */
const KEY_OF_ENGLISH = new Map<string, string>();
/**
 * English messages with values in them, such as 'Files must be at most {{size}} {{unit}}.' (the
 * server's own limit): each as a pattern the text is matched against, the names of its values, its key.
 */
const PATTERNS: Array<{ pattern: RegExp; names: string[]; key: string }> = [];
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
for (const section of ['catalogue', 'messages'] as const) {
  for (const [key, text] of Object.entries(en[section] as TTree)) {
    if (typeof text !== 'string') continue;
    if (!text.includes('{{')) {
      KEY_OF_ENGLISH.set(text, `${section}.${key}`);
      continue;
    }
    const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
    const words = text.split(PLACEHOLDER).filter((_, at) => at % 2 === 0);
    const source = words.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
    PATTERNS.push({ pattern: new RegExp(`^${source}$`), names, key: `${section}.${key}` });
  }
}

/** An English message's key in `common` and the values it carries (none for a fixed text). */
function findMessage(text: string): { key: string; values?: Record<string, string> } | undefined {
  const key = KEY_OF_ENGLISH.get(text);
  if (key) return { key };
  for (const { pattern, names, key } of PATTERNS) {
    const match = pattern.exec(text);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, at) => [name, match[at + 1] ?? ''])) };
  }
  return undefined;
}

/** The key in `common` of an English message (catalogue.* or messages.*), if it has one. */
export function keyOfEnglish(text: string): string | undefined {
  return findMessage(text)?.key;
}

/** A decimal value as the active language writes it ('2.50' is '2,50' in pt-BR); other values as they are. */
const inLocale = (value: string) =>
  /^\d+\.\d+$/.test(value) ? value.replace('.', NUMBER_MARKS[i18n.language].decimal) : value;

/**
 * A message that reaches the UI in English (the spec's catalogue message of a failed call, a
 * server's reason, a field error) in the active language, found by its text, or by its pattern for
 * a message with values (the values are kept, a decimal written the language's way). Text we have
 * no translation for is shown as it came, so nothing is ever lost.
 */
export function translateMessage(text: string): string {
  const found = findMessage(text);
  if (!found) return text;
  const values = Object.fromEntries(
    Object.entries(found.values ?? {}).map(([name, value]) => [name, inLocale(value)]),
  );
  return i18n.t(found.key, { ...values, ns: 'common' });
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
