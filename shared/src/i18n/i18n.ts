import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, detectLocale, isLocale, SUPPORTED_LOCALES, type TLocale } from '../contracts/locale';
import { formatDateTime, formatLongDate, formatMoney, formatNumber, formatRelativeTime } from './format';
import commonEn from './locales/en.json';

/** A namespace's messages: nested keys, i18next interpolation ({{name}}) and plural suffixes (_one, _other). */
export type TMessages = { [key: string]: string | TMessages };
type TLoader = () => Promise<{ default: TMessages }>;
/** English is bundled (the source of truth, always present); other languages load when active. */
export type TNamespaceMessages = { en: TMessages } & Record<Exclude<TLocale, 'en'>, TLoader>;

const STORAGE_KEY = 'dash.locale';
const loaders = new Map<string, TNamespaceMessages>();

/** Loads a namespace's translation for a language from what `defineMessages` registered. */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const messages = loaders.get(namespace);
    if (!messages || !isLocale(language)) return callback(null, {});
    if (language === 'en') return callback(null, messages.en as ResourceKey);
    messages[language]().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: Error) => callback(error, null),
    );
  },
};

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

/** The one i18next instance of the page (this module is part of the `@dash/shared` federation singleton). */
export const i18n = i18next.createInstance();
i18n.use(backend).init({
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  load: 'currentOnly',
  ns: [],
  defaultNS: false,
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
});
if (globalThis.document) globalThis.document.documentElement.lang = i18n.language;

/**
 * Registers a namespace (once, at module top level of the app's or feature's `i18n.ts`). English is
 * added at once, so English pages never wait; another active language loads its file lazily.
 */
export function defineMessages(namespace: string, messages: TNamespaceMessages): void {
  if (loaders.has(namespace)) return;
  loaders.set(namespace, messages);
  i18n.addResourceBundle('en', namespace, messages.en, true, true);
  if (i18n.language !== 'en') void i18n.loadNamespaces(namespace);
}

/** The active language. */
export function currentLocale(): TLocale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Switches the whole page (shell and every loaded remote) to a language: loads the messages of every
 * registered namespace for it first, so nothing flashes in the old language; sets <html lang> and
 * remembers the choice on this device.
 */
export async function setLocale(locale: TLocale, { remember = true } = {}): Promise<void> {
  await i18n.loadLanguages(locale);
  await i18n.changeLanguage(locale);
  await i18n.loadNamespaces([...loaders.keys()]);
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
export function useT(namespace: string) {
  const { t, i18n: instance } = useTranslation(namespace, { i18n });
  const locale = isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
  return { t, locale };
}

/** Locale-aware formatters for the active language (amounts are decimal strings). */
export function useFormat() {
  const { locale } = useT('common');
  return useMemo(
    () => ({
      locale,
      money: (amount: string, currency: string) => formatMoney(amount, currency, locale),
      number: (value: string | number) => formatNumber(value, locale),
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
