/** The session storage key of a reload made for an error: the key's rest is the error's message. */
export const RELOAD_KEY_PREFIX = 'dash:reloaded-for:';

/**
 * A lazily loaded page that fails to load (usually a chunk from a previous deploy) reloads the
 * page once per distinct error message (spec section 2). A second failure with the same message
 * is a real error and goes to the error view instead of looping.
 */
export function reloadOnceFor(error: unknown, storage: Storage = window.sessionStorage): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const key = `${RELOAD_KEY_PREFIX}${message}`;
  try {
    if (storage.getItem(key) !== null) return false;
    storage.setItem(key, new Date().toISOString());
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Wraps a route module import for the router's `lazy`: reloads once, then rethrows. */
export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadOnceFor(error)) return new Promise<T>(() => {});
      throw error;
    });
}
