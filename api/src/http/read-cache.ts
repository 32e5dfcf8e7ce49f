/**
 * Answers of hot reads kept in memory: the per-request reads every call makes (the session behind a
 * cookie, a membership, the organization list) and whole answers of routes that ask for it
 * (`cacheKey` in http/route.ts: the Message Center's list and thread pages, the transactions list).
 *
 * Exact, not eventually right, within a process: every request that may write (any method but
 * GET, HEAD, OPTIONS) empties the cache (what it may have changed: see the scopes below) before its
 * answer leaves (onSend), so does every event on the event bus (writes made outside a request:
 * inbound mail, jobs), and a value loaded while a write happened is never kept (each load remembers
 * the scope it started in, which a write replaces). So a removed member or a signed-out session is
 * refused on the very next request. Entries also carry the time they stop being true by themselves
 * (a session's expiry, its next sliding extension).
 *
 * Concurrent misses of one key share one load (after a write, a hundred requests for the same page
 * run its queries once), but only within a scope's life: a request that arrives after a write never
 * joins a load that started before it.
 *
 * Scoped to an organization where the write is: a request confined to one organization (its guard
 * named it, http/guards.ts) and an event (always about one organization) forget that organization's
 * entries and every entry scoped to no organization (a session, a user's organization list: what a
 * change of membership, role or name in any organization can alter), and keep the other
 * organizations' entries; so do a provider's webhook, which changes one organization's transfer or
 * account, and an inbound mail that reached one organization (their routes name it). Every other
 * write (sign-in, sign-out, a profile, an operator's KYB decision, a mail to several organizations)
 * forgets everything. An entry's scope is the organization whose data it answers with, named by
 * whoever reads it; the rows organizations share (users, sessions, providers) are written only by
 * requests of no organization, or by seeds before the API starts.
 *
 * Several API processes on one PostgreSQL database: each write and each event is also passed to the
 * others over the cluster link (events/cluster.ts, LISTEN/NOTIFY), and the writer answers only once
 * every other process has emptied what the write concerns; after a lost link they start over. A
 * process that cannot tell it is up to date with the others (`trusted` false: its link is down, or
 * it was stalled) reads from the database and keeps nothing until it is. So the next request after
 * a write is exact on every process, as on one. A process that writes the database behind the
 * API's back (a CLI) must broadcast an invalidation.
 */
export interface ReadCache {
  readonly enabled: boolean;
  /**
   * The cached value, or the loaded one (kept when nothing was written meanwhile). `scope`: the
   * organization whose data the value answers with, or null (data of no single organization).
   */
  read<T>(key: string, load: () => Promise<Loaded<T>>, scope?: string | null): Promise<T>;
  /**
   * Forgets what a write may have changed: with an organization, that organization's entries and
   * the unscoped ones; without, everything.
   */
  invalidate(organizationUid?: string): void;
}

/** What a load gives: the value, until when it stays true by itself, and its rough size for big values. */
export interface Loaded<T = unknown> {
  value: T;
  validUntil: number | null;
  bytes?: number;
}

interface Entry {
  value: unknown;
  validUntil: number | null;
  bytes: number;
}

/**
 * One scope's entries and the loads under way in it. A write that concerns it drops the object (the
 * next read starts a new one), so a load finishing in a dropped scope knows it overlapped that write.
 */
interface Scope {
  entries: Map<string, Entry>;
  loading: Map<string, Promise<Loaded>>;
}

/** What an entry without a size counts for: small answers (a session, a membership). */
const SMALL_ENTRY_BYTES = 512;
/** The scope of entries that belong to no organization. */
const UNSCOPED = '';

export function createReadCache(options: {
  enabled: boolean;
  /** Whether what is kept may be served now (the cluster link's isCurrent); always, without it. */
  trusted?: () => boolean;
  maxEntries?: number;
  /** Memory for values (rough, by their sizes): past it the cache starts over. */
  maxBytes?: number;
  now?: () => number;
}): ReadCache {
  const maxEntries = options.maxEntries ?? 20_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  let count = 0;
  const now = options.now ?? Date.now;
  const scopes = new Map<string, Scope>();

  const scopeOf = (name: string) => {
    let scope = scopes.get(name);
    if (!scope) {
      scope = { entries: new Map(), loading: new Map() };
      scopes.set(name, scope);
    }
    return scope;
  };
  /** Forgets one scope's entries and loads (those under way are answered, not kept). */
  const forget = (name: string) => {
    const scope = scopes.get(name);
    if (!scope) return;
    for (const entry of scope.entries.values()) bytes -= entry.bytes;
    count -= scope.entries.size;
    scopes.delete(name);
  };
  const forgetAll = () => {
    scopes.clear();
    bytes = 0;
    count = 0;
  };

  return {
    enabled: options.enabled,

    async read(key, load, scopeName = null) {
      if (!options.enabled || (options.trusted !== undefined && !options.trusted()))
        return (await load()).value;
      const name = scopeName ?? UNSCOPED;
      const scope = scopeOf(name);
      const entry = scope.entries.get(key);
      if (entry && (entry.validUntil === null || now() < entry.validUntil)) return entry.value as never;
      const underway = scope.loading.get(key);
      if (underway) return (await underway).value as never;
      const flight: Promise<Loaded> = load();
      scope.loading.set(key, flight);
      let loaded: Loaded;
      try {
        loaded = await flight;
      } finally {
        if (scope.loading.get(key) === flight) scope.loading.delete(key);
      }
      // Kept only when no write that concerns it happened meanwhile: its scope is still the current one.
      if (scopes.get(name) === scope && (loaded.validUntil === null || now() < loaded.validUntil)) {
        const size = loaded.bytes ?? SMALL_ENTRY_BYTES;
        const previous = scope.entries.get(key);
        if (previous) {
          bytes -= previous.bytes;
          count -= 1;
          scope.entries.delete(key);
        }
        if (count >= maxEntries || bytes + size > maxBytes) {
          // Starts over, but what was started stays valid: no write happened.
          for (const each of scopes.values()) each.entries.clear();
          bytes = 0;
          count = 0;
        }
        scope.entries.set(key, { value: loaded.value, validUntil: loaded.validUntil, bytes: size });
        bytes += size;
        count += 1;
      }
      return loaded.value as never;
    },

    invalidate(organizationUid) {
      if (organizationUid === undefined || organizationUid === UNSCOPED) {
        forgetAll();
        return;
      }
      forget(organizationUid);
      forget(UNSCOPED);
    },
  };
}
