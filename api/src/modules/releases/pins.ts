import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  codedMessage,
  type TCanary,
  type TPinEntry,
  type TRemoteName,
  ZPinEntry,
} from '@dash/shared/contracts';
import { CodedError } from '../../http/errors';

/** A pin log entry before the log numbers it. */
export type NewPinEntry = Omit<TPinEntry, 'seq'>;

/** One remote's standing in an environment, replayed from its log entries. */
export interface RemotePinState {
  remote: TRemoteName;
  /** The remote's latest entry (its head): what a compare-and-swap compares. */
  head: TPinEntry;
  /**
   * What everyone got, oldest first; the last is live. `version: null` is an unpin (the configured
   * remote). A rollback pops the last layer, so rolling back twice never re-applies what was undone.
   */
  layers: Array<{ version: string | null; entry: TPinEntry }>;
  /** Canaries since the last pin for everyone, oldest first; a later one wins for an organization. */
  canaries: Array<{ version: string; organizations: string[]; entry: TPinEntry }>;
  /** The entry that last changed what everyone gets (a pin, unpin or rollback), if any. */
  liveSince: TPinEntry | null;
}

/** A complete line of a pin log that is not a pin entry: skipped when replaying. */
export interface InvalidPinLine {
  file: string;
  /** 1-based, counting every line of the file. */
  line: number;
  reason: string;
}

export interface PinSnapshot {
  entries: readonly TPinEntry[];
  remotes: ReadonlyMap<TRemoteName, RemotePinState>;
  /** The highest seq in the log, counting lines that are not pin entries but say their seq. */
  lastSeq: number;
  invalidLines: readonly InvalidPinLine[];
}

const EMPTY_SNAPSHOT: PinSnapshot = { entries: [], remotes: new Map(), lastSeq: 0, invalidLines: [] };

/** One sentence for an operator: which line, why, and that serving goes on without it. */
export function describeInvalidLine({ file, line, reason }: InvalidPinLine): string {
  return `${file} line ${line} is not a pin entry (${reason}); it is skipped, so the versions shown come from the other lines. Fix or remove the line.`;
}

/**
 * The decision a writer makes from the state it finds under the lock. Returning null appends
 * nothing (the change is already in place); throwing refuses it.
 */
export type PinDecision = (current: RemotePinState | undefined) => NewPinEntry | null;

/**
 * An environment's append-only pin history. The file implementation is the embedded default; a
 * database table with a unique (environment, seq) and the same compare-and-swap can replace it.
 */
export interface PinLog {
  read(environment: string): Promise<PinSnapshot>;
  /**
   * Appends what `decide` returns, atomically with respect to other writers. When `expectedSeq` is
   * given and the remote's head moved since, nothing is written and PinConflictError says what changed.
   */
  append(
    environment: string,
    remote: TRemoteName,
    expectedSeq: number | undefined,
    decide: PinDecision,
  ): Promise<{ entry: TPinEntry | null; snapshot: PinSnapshot }>;
}

/** The state a log describes: pins stack, a pin for everyone ends the canaries, rollbacks pop. */
export function replay(entries: readonly TPinEntry[]): Map<TRemoteName, RemotePinState> {
  const remotes = new Map<TRemoteName, RemotePinState>();
  for (const entry of entries) {
    let state = remotes.get(entry.remote);
    if (!state) {
      state = { remote: entry.remote, head: entry, layers: [], canaries: [], liveSince: null };
      remotes.set(entry.remote, state);
    }
    state.head = entry;
    if (entry.action === 'pin' && entry.organizations && entry.version !== null) {
      state.canaries.push({ version: entry.version, organizations: entry.organizations, entry });
    } else if (entry.action === 'pin' || entry.action === 'unpin') {
      state.layers.push({ version: entry.action === 'unpin' ? null : entry.version, entry });
      state.canaries = [];
      state.liveSince = entry;
    } else if (state.canaries.length > 0) {
      state.canaries.pop();
    } else {
      state.layers.pop();
      state.liveSince = entry;
    }
  }
  return remotes;
}

/** The version everyone gets (null: not pinned, the configured remote). */
export function currentVersion(state: RemotePinState | undefined): string | null {
  return state?.layers.at(-1)?.version ?? null;
}

/** The version `organization` gets: a canary naming it, else what everyone gets. */
export function versionFor(state: RemotePinState | undefined, organization?: string): string | null {
  if (state && organization !== undefined) {
    for (let index = state.canaries.length - 1; index >= 0; index -= 1) {
      const canary = state.canaries[index];
      if (canary?.organizations.includes(organization)) return canary.version;
    }
  }
  return currentVersion(state);
}

export function activeCanaries(state: RemotePinState | undefined): TCanary[] {
  return (state?.canaries ?? []).map(({ version, organizations, entry }) => ({
    version,
    organizations,
    seq: entry.seq,
    by: entry.by,
    at: entry.at,
  }));
}

/** `2026-11-21T10:02Z`: precise enough for a person, short enough for one line. */
export function shortTime(iso: string): string {
  return `${iso.slice(0, 16)}Z`;
}

/** What an entry did, as a clause: "it is now pinned to 1.3.0". */
export function describeEntry(entry: TPinEntry): string {
  const audience = entry.organizations ? ` for ${entry.organizations.join(', ')}` : '';
  if (entry.action === 'unpin') return 'it was unpinned (back to the configured remote)';
  if (entry.action === 'rollback') {
    if (entry.versions) {
      const each = Object.entries(entry.versions).map(
        ([organization, version]) => `${organization} to ${version ?? 'the configured remote'}`,
      );
      return `its canary was rolled back: ${each.join(', ')}`;
    }
    return entry.version === null
      ? `it was rolled back${audience} to the configured remote`
      : `it was rolled back${audience} to ${entry.version}`;
  }
  return entry.organizations
    ? `it is now in canary at ${entry.version}${audience}`
    : `it is now pinned to ${entry.version}`;
}

/** A write based on a stale view of the log. */
export class PinConflictError extends CodedError {
  override readonly name = 'PinConflictError';
  constructor(
    readonly remote: TRemoteName,
    readonly head: TPinEntry | undefined,
    readonly expectedSeq: number,
  ) {
    const seen = head && { entry: describeEntry(head), by: head.by, at: shortTime(head.at) };
    super(
      !seen
        ? codedMessage('messages.releasePinNoHistory', { remote, expectedSeq: String(expectedSeq) })
        : head && expectedSeq > head.seq
          ? // Nothing changed after that seq: it was never a seq of this remote (a typo, another environment).
            codedMessage('messages.releasePinNoSuchSeq', {
              remote,
              expectedSeq: String(expectedSeq),
              seq: String(head.seq),
              ...seen,
            })
          : codedMessage('messages.releasePinChanged', { remote, ...seen }),
    );
  }
}

export class PinLogBusyError extends CodedError {
  override readonly name = 'PinLogBusyError';
}

const LOCK_WAIT_MS = 10_000;
/** A writer holds the lock for a few milliseconds; one held this long belongs to a crashed process. */
const STALE_LOCK_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface LockOwner {
  token: string;
  pid: number;
  host: string;
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * An exclusive lock file (`open(path, 'wx')`), waited for with jittered retries. A lock left by a
 * crashed writer (older than 30 s, or whose process on this host is gone) is broken by renaming it
 * aside, which only one waiter can do; a lock renamed by mistake (its owner changed in between) is
 * put back.
 */
export async function withLockFile<T>(path: string, run: () => Promise<T>): Promise<T> {
  const owner: LockOwner = { token: randomBytes(12).toString('hex'), pid: process.pid, host: hostname() };
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(JSON.stringify(owner));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await breakIfStale(path);
    if (Date.now() > deadline) {
      throw new PinLogBusyError(codedMessage('messages.releasePinLogBusy', { path }));
    }
    await sleep(5 + Math.random() * 20);
  }
  try {
    return await run();
  } finally {
    const current = await readOwner(path);
    if (current?.token === owner.token) await unlink(path).catch(() => undefined);
  }
}

async function breakIfStale(path: string): Promise<void> {
  const [info, holder] = await Promise.all([stat(path).catch(() => null), readOwner(path)]);
  if (!info) return;
  const crashed = holder !== null && holder.host === hostname() && !isAlive(holder.pid);
  // A lock file still being written has no owner yet: only age makes it stale.
  if (!crashed && Date.now() - info.mtimeMs < STALE_LOCK_MS) return;
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return; // another waiter broke it first
  }
  const moved = await readOwner(aside);
  if (holder !== null && moved?.token !== holder.token) {
    // It was replaced by a live writer's lock between our look and our rename: give it back.
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

export interface FilePinLogOptions {
  /**
   * Told about the complete lines that are not pin entries, once each time the file is read after
   * it changed. Default: one error line on stderr.
   */
  onInvalidLines?: (lines: readonly InvalidPinLine[]) => void;
}

/**
 * One JSON-lines file per environment (`<dir>/<environment>.jsonl`), written only under
 * `<dir>/<environment>.lock`. Readers need no lock: an entry is one `write` of one line, and a
 * line cut short by a crash (no newline yet) is ignored and trimmed by the next writer. Parsed
 * logs are cached by the file's size and mtime, so the manifest costs a `stat` per request.
 *
 * A complete line that is not a pin entry (another version of `pnpm release` wrote it, or a hand
 * edit) is skipped rather than refused: every page's boot data reads this log, and one line must not
 * take the dashboard down. It is reported (onInvalidLines, and the snapshot's invalidLines that
 * status shows), and the next seq still comes after any seq it names, so seqs never repeat.
 */
export class FilePinLog implements PinLog {
  private readonly cache = new Map<string, { size: number; mtimeMs: number; snapshot: PinSnapshot }>();
  private readonly onInvalidLines: (lines: readonly InvalidPinLine[]) => void;

  constructor(
    private readonly dir: string,
    options: FilePinLogOptions = {},
  ) {
    this.onInvalidLines =
      options.onInvalidLines ??
      ((lines) => {
        for (const line of lines) console.error(`Pin log: ${describeInvalidLine(line)}`);
      });
  }

  private logPath(environment: string): string {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(environment)) throw new Error(`Not an environment: ${environment}`);
    return join(this.dir, `${environment}.jsonl`);
  }

  async read(environment: string): Promise<PinSnapshot> {
    const path = this.logPath(environment);
    const info = await stat(path).catch(() => null);
    if (!info) return EMPTY_SNAPSHOT;
    const cached = this.cache.get(environment);
    if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached.snapshot;
    const { snapshot } = await this.load(path);
    this.cache.set(environment, { size: info.size, mtimeMs: info.mtimeMs, snapshot });
    if (snapshot.invalidLines.length > 0) this.onInvalidLines(snapshot.invalidLines);
    return snapshot;
  }

  private async load(path: string): Promise<{ snapshot: PinSnapshot; completeBytes: number; bytes: number }> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return { snapshot: EMPTY_SNAPSHOT, completeBytes: 0, bytes: 0 };
      }
      throw error;
    }
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    const entries: TPinEntry[] = [];
    const invalidLines: InvalidPinLine[] = [];
    let lastSeq = 0;
    complete.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        invalidLines.push({ file: path, line: index + 1, reason: 'not JSON' });
        return;
      }
      const parsed = ZPinEntry.safeParse(json);
      if (parsed.success) {
        entries.push(parsed.data);
        lastSeq = Math.max(lastSeq, parsed.data.seq);
        return;
      }
      const seq = (json as { seq?: unknown } | null)?.seq;
      if (Number.isSafeInteger(seq) && (seq as number) > 0) lastSeq = Math.max(lastSeq, seq as number);
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      invalidLines.push({ file: path, line: index + 1, reason: `${where}${issue?.message ?? 'not valid'}` });
    });
    return {
      snapshot: { entries, remotes: replay(entries), lastSeq, invalidLines },
      completeBytes: Buffer.byteLength(complete),
      bytes: Buffer.byteLength(text),
    };
  }

  async append(
    environment: string,
    remote: TRemoteName,
    expectedSeq: number | undefined,
    decide: PinDecision,
  ): Promise<{ entry: TPinEntry | null; snapshot: PinSnapshot }> {
    const path = this.logPath(environment);
    await mkdir(this.dir, { recursive: true });
    return withLockFile(`${path.slice(0, -'.jsonl'.length)}.lock`, async () => {
      const { snapshot, completeBytes, bytes } = await this.load(path);
      const current = snapshot.remotes.get(remote);
      if (expectedSeq !== undefined && (current?.head.seq ?? 0) !== expectedSeq) {
        throw new PinConflictError(remote, current?.head, expectedSeq);
      }
      const decided = decide(current);
      if (decided === null) return { entry: null, snapshot };

      const entry = ZPinEntry.parse({ seq: snapshot.lastSeq + 1, ...decided });
      if (completeBytes !== bytes) await truncate(path, completeBytes); // a line cut short by a crash
      const handle = await open(path, 'a');
      try {
        await handle.write(`${JSON.stringify(entry)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      const entries = [...snapshot.entries, entry];
      return {
        entry,
        snapshot: { ...snapshot, entries, remotes: replay(entries), lastSeq: entry.seq },
      };
    });
  }
}
