/**
 * `path` with `search`'s set values as its query string (undefined and empty values left out), the
 * one way every URL builder of the shared package writes one: `withSearch('messages', { q: 'x' })`
 * is `messages?q=x`, and `path` alone when nothing is set.
 */
export function withSearch(path: string, search: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
