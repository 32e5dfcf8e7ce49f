/**
 * Answers of hot reads kept in memory: the per-request reads every call makes (the session behind a
 * cookie, a membership, the organization list) and whole answers of routes that ask for it
 * (`cacheKey` in http/route.ts: the Message Center's list and thread pages).
 *
 * Exact, not eventually right, within a process: every request that may write (any method but
 * GET, HEAD, OPTIONS) empties the cache before its answer leaves (onSend), so does every event on
 * the event bus (writes made outside a request: inbound mail, jobs), and a value loaded while a
 * write happened is never kept (each load remembers the generation it started in). So a removed
 * member or a signed-out session is refused on the very next request. Entries also carry the time
 * they stop being true by themselves (a session's expiry, its next sliding extension).
 *
 * Concurrent misses of one key share one load (after a write, a hundred requests for the same page
 * run its queries once), but only within a generation: a request that arrives after a write never
 * joins a load that started before it.
 *
 * Several API processes on one PostgreSQL database: each write and each event is also passed to the
 * others over the cluster link (events/cluster.ts, LISTEN/NOTIFY) before the writer answers, and
 * they empty theirs when it arrives, a few milliseconds later; after a lost link they start over.
 * A process that writes the database behind the API's back (a CLI) must broadcast an invalidation.
 */
export interface ReadCache {
  readonly enabled: boolean;
  /** The cached value, or the loaded one (kept when nothing was written meanwhile). */
  read<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T>;
  /** Forgets everything: called for every request that may write. */
  invalidate(): void;
}

/** What a load gives: the value, until when it stays true by itself, and its rough size for big values. */
export interface Loaded<T = unknown> {
  value: T;
  validUntil: number | null;
  bytes?: number;
}

interface Entry {
  generation: number;
  value: unknown;
  validUntil: number | null;
  bytes: number;
}

/** What an entry without a size counts for: small answers (a session, a membership). */
const SMALL_ENTRY_BYTES = 512;

export function createReadCache(options: {
  enabled: boolean;
  maxEntries?: number;
  /** Memory for values (rough, by their sizes): past it the cache starts over. */
  maxBytes?: number;
  now?: () => number;
}): ReadCache {
  const maxEntries = options.maxEntries ?? 20_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The loads under way that started in this generation (a write forgets them). */
  const loading = new Map<string, Promise<Loaded>>();
  let generation = 0;

  return {
    enabled: options.enabled,

    async read(key, load) {
      if (!options.enabled) return (await load()).value;
      const entry = entries.get(key);
      if (
        entry &&
        entry.generation === generation &&
        (entry.validUntil === null || now() < entry.validUntil)
      ) {
        return entry.value as never;
      }
      const underway = loading.get(key);
      if (underway) return (await underway).value as never;
      const startedIn = generation;
      const flight: Promise<Loaded> = load();
      loading.set(key, flight);
      let loaded: Loaded;
      try {
        loaded = await flight;
      } finally {
        if (loading.get(key) === flight) loading.delete(key);
      }
      if (startedIn === generation && (loaded.validUntil === null || now() < loaded.validUntil)) {
        const size = loaded.bytes ?? SMALL_ENTRY_BYTES;
        if (entries.size >= maxEntries || bytes + size > maxBytes) {
          entries.clear();
          bytes = 0;
        }
        const previous = entries.get(key);
        if (previous) bytes -= previous.bytes;
        entries.set(key, { generation, value: loaded.value, validUntil: loaded.validUntil, bytes: size });
        bytes += size;
      }
      return loaded.value as never;
    },

    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
      bytes = 0;
    },
  };
}
