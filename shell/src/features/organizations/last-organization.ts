const KEY = 'dash:last-organization';

/** The organization the user last worked in, so /settings keeps its sidebar pointed there. */
export function rememberOrganization(slug: string): void {
  try {
    window.localStorage.setItem(KEY, slug);
  } catch {
    // Private mode or a full storage: the first organization is a fine default.
  }
}

export function lastOrganization(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
