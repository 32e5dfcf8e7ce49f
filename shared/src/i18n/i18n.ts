import { cloneElement, type ReactElement, type ReactNode, use, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, detectLocale, isLocale, type TLocale } from '../contracts/locale';
import {
  amountFromInput,
  amountValuesFromInput,
  formatAmount,
  formatAmountInput,
  formatDateTime,
  formatList,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatRelativeTime,
} from './format';
import commonEn from './locales/en.json';

/** A namespace's messages: nested keys, `{{name}}` interpolation and plural suffixes (_one, _other). */
export type TMessages = { [key: string]: string | TMessages };
type TLoader = () => Promise<{ default: TMessages }>;
/** English is bundled (the source of truth, always present); other languages load when active. */
export type TNamespaceMessages = { en: TMessages } & Record<Exclude<TLocale, 'en'>, TLoader>;
/** What a message's placeholders are filled with; `count` also picks the plural form. */
export type TValues = { count?: number; ns?: string; [name: string]: unknown };
/** A namespace's translate function in one language. */
export type TFunction = (key: string, values?: TValues) => string;

const STORAGE_KEY = 'dash.locale';
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function storedLocale(): TLocale | undefined {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language before anything is known of the user: the one they last chose here, else the browser's. */
export function initialLocale(): TLocale {
  const languages = globalThis.navigator?.languages ?? [];
  return storedLocale() ?? (languages.length > 0 ? detectLocale(languages) : DEFAULT_LOCALE);
}

/** The key of a namespace's messages in one language (bundles, pending loads, translate functions). */
const keyOf = (language: TLocale, namespace: string) => `${language}\u0000${namespace}`;

function lookup(messages: TMessages | undefined, key: string): string | undefined {
  let node: string | TMessages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The page's translations: every namespace's messages per language, the active language, and the
 * translate functions. One instance per page (this module is part of the `@dash/shared` federation
 * singleton), so the shell and every remote share the language. A message is looked up in the
 * active language, then in English, else the key shows; `{{name}}` takes `values.name`; with a
 * numeric `count`, `key_<plural category>` (Intl.PluralRules) comes first, then `key_other`.
 */
class Translations {
  language: TLocale = initialLocale();
  private readonly registered = new Map<string, TNamespaceMessages>();
  private readonly bundles = new Map<string, TMessages>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private version = 0;

  /** For useSyncExternalStore: what t() returns changes (a language switch, a language's file loaded). */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly snapshot = () => this.version;

  private changed(): void {
    this.version += 1;
    this.fixed.clear();
    for (const listener of this.listeners) listener();
  }

  register(namespace: string, messages: TNamespaceMessages): boolean {
    if (this.registered.has(namespace)) return false;
    this.registered.set(namespace, messages);
    // Nothing renders a namespace before it is registered: no one to tell.
    this.bundles.set(keyOf(DEFAULT_LOCALE, namespace), messages.en);
    return true;
  }

  namespaces(): string[] {
    return [...this.registered.keys()];
  }

  hasLoadedNamespace(namespace: string, language: TLocale = this.language): boolean {
    return this.bundles.has(keyOf(language, namespace)) || !this.registered.has(namespace);
  }

  /**
   * Loads a namespace's messages in a language (once; the same promise while it loads, so a
   * suspended render can wait on it). A file that fails to load leaves English in its place.
   */
  load(language: TLocale, namespace: string): Promise<void> {
    const key = keyOf(language, namespace);
    if (this.hasLoadedNamespace(namespace, language)) return Promise.resolve();
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loader = (this.registered.get(namespace) as Record<string, TLoader | TMessages>)[language];
    const promise = (typeof loader === 'function' ? loader() : Promise.resolve({ default: loader ?? {} }))
      .then(
        (module) => module.default,
        (error: unknown) => {
          console.warn(`The ${language} messages of "${namespace}" did not load; showing English.`, error);
          return {};
        },
      )
      .then((messages) => {
        this.bundles.set(key, messages);
        this.loading.delete(key);
        if (language === this.language) this.changed();
      });
    this.loading.set(key, promise);
    return promise;
  }

  async loadNamespaces(namespaces: string | string[], language: TLocale = this.language): Promise<void> {
    await Promise.all([namespaces].flat().map((namespace) => this.load(language, namespace)));
  }

  /** Switches the language (its messages loaded first, see setLocale). */
  use(language: TLocale): void {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  private plural(language: TLocale, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules.select(count);
  }

  private find(language: TLocale, namespace: string, key: string, count: unknown): string | undefined {
    const messages = this.bundles.get(keyOf(language, namespace));
    if (typeof count === 'number') {
      const plural =
        lookup(messages, `${key}_${this.plural(language, count)}`) ?? lookup(messages, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(messages, key);
  }

  translate(language: TLocale, namespace: string, key: string, values?: TValues): string {
    const count = values?.count;
    const message =
      this.find(language, namespace, key, count) ??
      (language === DEFAULT_LOCALE ? undefined : this.find(DEFAULT_LOCALE, namespace, key, count));
    if (message === undefined) return key;
    if (!values || !message.includes('{{')) return message;
    return message.replace(PLACEHOLDER, (_, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? '' : String(value);
    });
  }

  /** A namespace's translate function; the same function until what it returns may change. */
  getFixedT(language: TLocale, namespace: string): TFunction {
    const key = keyOf(language, namespace);
    let t = this.fixed.get(key);
    if (!t) {
      t = (messageKey, values) => this.translate(language, values?.ns ?? namespace, messageKey, values);
      this.fixed.set(key, t);
    }
    return t;
  }

  /** Outside React: `values.ns` names the namespace (`common` if not). */
  t(key: string, values?: TValues): string {
    return this.translate(this.language, values?.ns ?? 'common', key, values);
  }
}

export const i18n = new Translations();
if (globalThis.document) globalThis.document.documentElement.lang = i18n.language;

/**
 * Registers a namespace (once, at module top level of the app's or feature's `i18n.ts`). English is
 * added at once, so English pages never wait; another active language loads its file lazily.
 */
export function defineMessages(namespace: string, messages: TNamespaceMessages): void {
  if (i18n.register(namespace, messages) && i18n.language !== DEFAULT_LOCALE)
    void i18n.loadNamespaces(namespace);
}

/** The active language. */
export function currentLocale(): TLocale {
  return i18n.language;
}

/**
 * Switches the whole page (shell and every loaded remote) to a language: loads the messages of every
 * registered namespace for it first, so nothing flashes in the old language; sets <html lang> and
 * remembers the choice on this device.
 */
export async function setLocale(locale: TLocale, { remember = true } = {}): Promise<void> {
  await i18n.loadNamespaces(i18n.namespaces(), locale);
  i18n.use(locale);
  if (globalThis.document) globalThis.document.documentElement.lang = locale;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, locale);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
}

/** A namespace's translate function; suspends until its messages for the active language are there. */
export function useT(namespace: string): { t: TFunction; locale: TLocale } {
  useSyncExternalStore(i18n.subscribe, i18n.snapshot, i18n.snapshot);
  const locale = i18n.language;
  if (!i18n.hasLoadedNamespace(namespace, locale)) use(i18n.load(locale, namespace));
  return { t: i18n.getFixedT(locale, namespace), locale };
}

/**
 * A message with marked parts, such as `You send: <strong>{{amount}}</strong>`: each `<name>…</name>`
 * (not nested) becomes a copy of `components[name]` with that text inside. The values are put in
 * after the marks are read, so a value is always text, never markup.
 */
export function Trans({
  t,
  i18nKey,
  values = {},
  components = {},
}: {
  t: TFunction;
  i18nKey: string;
  values?: TValues;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}): ReactNode {
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`]));
  const template = t(i18nKey, { ...marked, count: values.count, ns: values.ns });
  const fill = (text: string) =>
    text.replace(/\uE000(\d+)\uE001/g, (_, index: string) => {
      const value = values[names[Number(index)] as string];
      return value === undefined || value === null ? '' : String(value);
    });
  const parts: ReactNode[] = [];
  const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let match = TAG.exec(template); match; match = TAG.exec(template)) {
    if (match.index > last) parts.push(fill(template.slice(last, match.index)));
    const element = components[match[1] as string];
    const inner = fill(match[2] as string);
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = TAG.lastIndex;
  }
  if (last < template.length) parts.push(fill(template.slice(last)));
  return parts;
}

/** Locale-aware formatters for the active language (amounts are decimal strings). */
export function useFormat() {
  const { locale } = useT('common');
  return useMemo(
    () => ({
      locale,
      money: (amount: string, currency: string) => formatMoney(amount, currency, locale),
      /** An amount without a currency (a threshold), as money is written: "2,500.50". */
      amount: (amount: string) => formatAmount(amount, locale),
      number: (value: string | number) => formatNumber(value, locale),
      /** A decimal string as the reader types it, for an input showing an amount back ("2.500,50"). */
      amountInput: (amount: string) => formatAmountInput(amount, locale),
      /** What the reader typed in an amount input as the contract's decimal string (see amountFromInput). */
      amountFromInput: (typed: string) => amountFromInput(typed, locale),
      /** A form's values with their `amount` read so (its validate and transformValues both take them). */
      amountValues: <TValues extends { amount: string }>(values: TValues) =>
        amountValuesFromInput(values, locale),
      /** Names joined as the language joins them ("Ana e Bruno"). */
      list: (items: string[]) => formatList(items, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
      date: (iso: string) => formatLongDate(iso, locale),
      relative: (iso: string, now?: number) => formatRelativeTime(iso, locale, now),
    }),
    [locale],
  );
}

/** The `common` namespace: shared UI, language names, formatting and the catalogue's messages. */
defineMessages('common', {
  en: commonEn,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
