/**
 * Reloads the page for `reason` unless this tab already did (a record in session storage), and says
 * whether it reloads. Blocked storage cannot tell a second failure from the first, so it never reloads
 * then. One record for every caller: the lazy pages below, and index.html's boot guard
 * (src/boot-failure.ts), which runs this function from its source text (rsbuild.config.ts), so it uses
 * nothing outside its own body.
 */
export function reloadOnce(
  reason: string,
  storage: () => Storage = () => window.sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const key = `dash:reloaded-for:${reason}`;
  try {
    if (storage().getItem(key) !== null) return false;
    storage().setItem(key, new Date().toISOString());
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * A lazily loaded page that fails to load (usually a chunk from a previous deploy) reloads the
 * page once per distinct error message (spec section 2). A second failure with the same message
 * is a real error and goes to the error view instead of looping.
 */
export function reloadOnceFor(error: unknown): boolean {
  return reloadOnce(error instanceof Error ? error.message : String(error));
}

/** Wraps a route module import for the router's `lazy`: reloads once, then rethrows. */
export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadOnceFor(error)) return new Promise<T>(() => {});
      throw error;
    });
}
