/**
 * Answers of the per-request reads every call makes (the session behind a cookie, a membership, the
 * organization list) kept in memory, for the embedded database: PGlite runs its queries on the API's
 * own thread, and those lookups were most of what a read cost.
 *
 * Exact, not eventually right: every request that may write (any method but GET, HEAD, OPTIONS)
 * empties the cache before its answer leaves (onSend), and a value loaded while a write happened is
 * never kept (each load remembers the generation it started in). So a removed member or a signed-out
 * session is refused on the very next request. Entries also carry the time they stop being true by
 * themselves (a session's expiry, its next sliding extension). This holds only while one process
 * writes the database: main.ts turns it on for the embedded PGlite (which one process can open), not
 * for PostgreSQL, where several API processes may run and the reads are cheap anyway.
 */
export interface ReadCache {
  readonly enabled: boolean;
  /** The cached value, or the loaded one (kept when nothing was written meanwhile). */
  read<T>(key: string, load: () => Promise<{ value: T; validUntil: number | null }>): Promise<T>;
  /** Forgets everything: called for every request that may write. */
  invalidate(): void;
}

interface Entry {
  generation: number;
  value: unknown;
  validUntil: number | null;
}

export function createReadCache(options: {
  enabled: boolean;
  maxEntries?: number;
  now?: () => number;
}): ReadCache {
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
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
      const startedIn = generation;
      const loaded = await load();
      if (startedIn === generation && (loaded.validUntil === null || now() < loaded.validUntil)) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { generation, value: loaded.value, validUntil: loaded.validUntil });
      }
      return loaded.value;
    },

    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
