import { z } from 'zod';

/** The languages the product speaks (issue 14): English is the source of truth, the others translate it. */
export const SUPPORTED_LOCALES = ['en', 'es-MX', 'pt-BR'] as const;
export const ZLocale = z.enum(SUPPORTED_LOCALES, { message: 'Choose a supported language' });
export type TLocale = z.infer<typeof ZLocale>;

/**
 * The supported locale for a list of language tags in order of preference (navigator.languages, or
 * an Accept-Language header's tags): the first Spanish one is es-MX, the first Portuguese one pt-BR,
 * the first English one en; nothing we speak falls back to English.
 */
export function matchLocale(languages: readonly string[]): TLocale {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return 'en';
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
