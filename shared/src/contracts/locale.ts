import { z } from 'zod';

/** The languages the product speaks. English is the source of truth; the others translate it. */
export const SUPPORTED_LOCALES = ['en', 'es-MX', 'pt-BR'] as const;
export const ZLocale = z.enum(SUPPORTED_LOCALES);
export type TLocale = z.infer<typeof ZLocale>;
export const DEFAULT_LOCALE: TLocale = 'en';

/** The first supported language among the browser's preferences: es* -> es-MX, pt* -> pt-BR, en* -> en. */
export function detectLocale(languages: readonly string[]): TLocale {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}
