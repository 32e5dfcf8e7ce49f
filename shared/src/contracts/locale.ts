import { z } from '@dash/shared/zod';
import { deferred } from './deferred';
import { coded } from './message-codes';

/** The languages the product speaks. English is the source of truth; the others translate it. */
export const SUPPORTED_LOCALES = ['en', 'es-MX', 'pt-BR'] as const;
export const ZLocale = deferred(() => z.enum(SUPPORTED_LOCALES, coded('messages.localeUnsupported')));
export type TLocale = z.infer<typeof ZLocale>;
export const DEFAULT_LOCALE: TLocale = 'en';

/**
 * The first supported language among preferences in order (navigator.languages, or the tags of an
 * Accept-Language header): es* -> es-MX, pt* -> pt-BR, en* -> en; none of them -> English.
 */
export function detectLocale(languages: readonly string[]): TLocale {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The tags of an Accept-Language header, most preferred first (q=0 left out). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), quality: q ? Number(q.slice(2)) : 1, position };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position)
    .map(({ tag }) => tag);
}
