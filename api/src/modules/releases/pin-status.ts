/** What the release service makes of the pin logs: each remote's status, canary versions, rollback targets, and the store's errors as API errors. */
import type { TMessageCode, TRemoteName, TRemoteReleaseStatus } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import {
  activeCanaries,
  currentVersion,
  describeInvalidLine,
  PinConflictError,
  PinLogBusyError,
  type PinSnapshot,
  type RemotePinState,
} from './pins';
import { ReleaseConflictError } from './store';

/**
 * What a canary entry records of its organizations' versions: the version most of them have (ties:
 * the first slug's, slugs being sorted) and, only when they differ, each one's.
 */
export function canaryVersions(
  organizations: readonly string[],
  versionOf: (organization: string) => string | null,
): { version: string | null; perOrganization?: Record<string, string | null> } {
  const perOrganization = Object.fromEntries(organizations.map((slug) => [slug, versionOf(slug)]));
  const counts = new Map<string | null, number>();
  for (const version of Object.values(perOrganization)) counts.set(version, (counts.get(version) ?? 0) + 1);
  let version: string | null = null;
  let most = 0;
  for (const [candidate, count] of counts) {
    if (count > most) [version, most] = [candidate, count];
  }
  return counts.size > 1 ? { version, perOrganization } : { version };
}

export const warningsOf = (snapshot: PinSnapshot) => snapshot.invalidLines.map(describeInvalidLine);

export function statusOf(
  remote: TRemoteName,
  environment: string,
  state: RemotePinState | undefined,
): TRemoteReleaseStatus {
  const live = state?.layers.at(-1)?.entry;
  return {
    remote,
    environment,
    version: currentVersion(state),
    previousVersion: state?.layers.at(-2)?.version ?? null,
    seq: state?.head.seq ?? 0,
    pinnedAt: state?.liveSince?.at ?? live?.at ?? null,
    pinnedBy: state?.liveSince?.by ?? live?.by ?? null,
    force: live?.force ?? false,
    canaries: activeCanaries(state),
  };
}

/** What asAppErrors may answer (the routes of every pin change declare them). */
export const PIN_LOG_CODES = [
  'messages.releasePinNoHistory',
  'messages.releasePinNoSuchSeq',
  'messages.releasePinChanged',
  'messages.releasePinLogBusy',
] as const satisfies readonly TMessageCode[];

/** Turns the store's and the log's own errors into the API's one error path. */
export async function asAppErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PinConflictError || error instanceof ReleaseConflictError) {
      throw new AppError('CONFLICT', error.coded, undefined, { cause: error });
    }
    if (error instanceof PinLogBusyError) {
      throw new AppError('UNAVAILABLE', error.coded, undefined, {
        headers: { 'retry-after': '1' },
        cause: error,
      });
    }
    throw error;
  }
}

export type RollbackTarget =
  | { kind: 'none' }
  | { kind: 'canary'; canary: RemotePinState['canaries'][number] }
  | { kind: 'layer'; version: string | null };

export function rollbackTarget(state: RemotePinState | undefined): RollbackTarget {
  const canary = state?.canaries.at(-1);
  if (canary) return { kind: 'canary', canary };
  const layers = state?.layers ?? [];
  const previous = layers.at(-2);
  return previous ? { kind: 'layer', version: previous.version } : { kind: 'none' };
}

export function sameTarget(a: RollbackTarget, b: RollbackTarget): boolean {
  if (a.kind === 'canary' && b.kind === 'canary') return a.canary.entry.seq === b.canary.entry.seq;
  if (a.kind === 'layer' && b.kind === 'layer') return a.version === b.version;
  return a.kind === b.kind;
}
