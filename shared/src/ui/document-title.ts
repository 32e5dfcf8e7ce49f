import { useEffect } from 'react';

/** The product's name, last in every page's title. */
export const PRODUCT_TITLE = 'Dash';

/** "Wallet · Acme Treasury · Dash": the parts given (empty ones left out), then the product's name. */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), PRODUCT_TITLE].join(' · ');
}

/**
 * Names the browser tab after the page shown: what a screen reader announces when the page changes,
 * and what a tab, the history and a bookmark show (every page was "Dash · Treasury"). The page that
 * renders last sets it; the title stays until another page sets its own.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
