/**
 * `path` with `search`'s set values as its query string (undefined, null and empty values left out),
 * the one way every URL builder of the shared package writes one: `withSearch('messages', { q: 'x' })`
 * is `messages?q=x`, and `path` alone when nothing is set (a first page's cursor is null).
 */
export function withSearch(path: string, search: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
