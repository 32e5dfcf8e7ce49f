import { join } from 'node:path';
import {
  codedMessage,
  containerName,
  REMOTE_NAMES,
  type TPinChangeResponse,
  type TPinEntry,
  type TRelease,
  type TReleasesStatusResponse,
  type TRemoteName,
  type TRemoteReleasesResponse,
} from '@dash/shared/contracts';
import type { ReleaseConfig } from '../../config';
import { AppError } from '../../http/errors';
import { BuildInfoError, FEDERATION_MANIFEST_FILE, FEDERATION_STATS_FILE, readBuildInfo } from './build-info';
import {
  compatibilityProblems,
  readShellProvides,
  ShellManifestError,
  type ShellProvides,
} from './compatibility';
import { asAppErrors, canaryVersions, rollbackTarget, sameTarget, statusOf, warningsOf } from './pin-status';
import {
  currentVersion,
  FilePinLog,
  type InvalidPinLine,
  type NewPinEntry,
  type PinLog,
  type RemotePinState,
  versionFor,
} from './pins';
import { FileSystemReleaseStore, type PublishResult, type ReleaseStore } from './store';

/** Which organizations exist (the database's organizations, by slug). */
export interface OrganizationDirectory {
  /** The slugs among `slugs` that name no organization. */
  unknownSlugs(slugs: readonly string[]): Promise<string[]>;
}

export interface ReleaseServiceDeps {
  store: ReleaseStore;
  pins: PinLog;
  /**
   * Checks a canary's organizations. Absent: not checked (the CLI when it cannot reach the
   * database; it says so itself).
   */
  organizations?: OrganizationDirectory;
  config: Pick<ReleaseConfig, 'environment' | 'remoteOrigins' | 'shellManifestPath'>;
  /** Who is calling, recorded in every pin entry. */
  via: 'cli' | 'api';
  /** The shell's provided versions; read from SHELL_MANIFEST_PATH by default. */
  shellProvides?: () => Promise<ShellProvides>;
}

export interface PublishCommand {
  remote: TRemoteName;
  /** Defaults to the build's own version (its manifest's buildVersion). */
  version?: string;
  files: ReadonlyMap<string, Buffer>;
  builtAt?: string;
  gitCommit?: string | null;
  by: string;
}

interface ChangeCommand {
  remote: TRemoteName;
  environment?: string;
  expectedSeq?: number;
  by: string;
}

export interface PinCommand extends ChangeCommand {
  version: string;
  organizations?: string[];
  force?: boolean;
}

export interface RollbackCommand extends ChangeCommand {
  force?: boolean;
}

export type ReleaseService = ReturnType<typeof createReleaseService>;

/**
 * Release management, shared by the `pnpm release` command and the release HTTP API: publishing
 * immutable builds, and pinning, rolling back and unpinning them per environment, behind the
 * compatibility gate and the remote-origin allowlist.
 */
export function createReleaseService(deps: ReleaseServiceDeps) {
  const { store, pins, config, via } = deps;
  const shellProvides = deps.shellProvides ?? (() => readShellProvides(config.shellManifestPath));
  const envOf = (environment?: string) => environment ?? config.environment;

  async function requireRelease(remote: TRemoteName, version: string): Promise<TRelease> {
    const release = await store.get(remote, version);
    if (!release) {
      throw new AppError(
        'NOT_FOUND',
        codedMessage('messages.releaseNotPublished', { release: `${remote}@${version}`, remote, version }),
      );
    }
    return release;
  }

  function requireAllowedOrigin(remote: TRemoteName, version: string): void {
    const origin = new URL(store.entryUrl(remote, version)).origin;
    if (!config.remoteOrigins.includes(origin)) {
      throw new AppError(
        'FORBIDDEN',
        codedMessage('messages.releaseOriginNotAllowed', {
          release: `${remote}@${version}`,
          origin,
          allowed: config.remoteOrigins.join(', '),
        }),
      );
    }
  }

  /**
   * The compatibility gate. With force it still runs, and what it found is recorded with the
   * entry; without force any problem refuses the change.
   */
  async function gate(
    release: TRelease,
    environment: string,
    force: boolean,
    purpose: 'pin' | 'rollback',
  ): Promise<string[]> {
    let problems: string[];
    try {
      problems = compatibilityProblems(release.remote, release, await shellProvides());
    } catch (error) {
      if (!(error instanceof ShellManifestError)) throw error;
      if (force) return [`the gate could not run: ${error.message}`];
      throw new AppError(
        'UNAVAILABLE',
        codedMessage(
          purpose === 'pin' ? 'messages.releaseGateCannotRunPin' : 'messages.releaseGateCannotRunRollback',
          { reason: error.message },
        ),
      );
    }
    if (problems.length > 0 && !force) {
      const list = problems.map((problem) => `  - ${problem}`).join('\n');
      throw new AppError(
        'CONFLICT',
        purpose === 'pin'
          ? codedMessage('messages.releaseCannotPin', {
              release: `${release.remote}@${release.version}`,
              environment,
              problems: list,
            })
          : codedMessage('messages.releaseCannotRollBack', {
              remote: release.remote,
              version: release.version,
              environment,
              problems: list,
            }),
      );
    }
    return problems;
  }

  async function requireOrganizations(slugs: readonly string[]): Promise<void> {
    if (!deps.organizations) return;
    const unknown = await deps.organizations.unknownSlugs(slugs);
    if (unknown.length === 0) return;
    const named = unknown.map((slug) => `"${slug}"`).join(', ');
    const message = codedMessage(
      unknown.length === 1 ? 'messages.releaseUnknownOrganization' : 'messages.releaseUnknownOrganizations',
      { organizations: named },
    );
    throw new AppError('VALIDATION', message, { organizations: message });
  }

  function entryBase(command: ChangeCommand, force: boolean, overrides: string[]) {
    return {
      remote: command.remote,
      force,
      ...(overrides.length > 0 ? { overrides } : {}),
      by: command.by,
      at: new Date().toISOString(),
      via,
    };
  }

  async function change(
    environment: string,
    command: ChangeCommand,
    decide: (current: RemotePinState | undefined) => NewPinEntry | null,
  ): Promise<TPinChangeResponse> {
    const { entry, snapshot } = await asAppErrors(() =>
      pins.append(environment, command.remote, command.expectedSeq, decide),
    );
    return {
      changed: entry !== null,
      entry,
      status: statusOf(command.remote, environment, snapshot.remotes.get(command.remote)),
    };
  }

  return {
    async publish(command: PublishCommand): Promise<PublishResult> {
      const manifest = command.files.get(FEDERATION_MANIFEST_FILE);
      if (!manifest) {
        throw new AppError(
          'VALIDATION',
          codedMessage('messages.releaseNoManifest', {
            file: FEDERATION_MANIFEST_FILE,
            remote: command.remote,
          }),
        );
      }
      let info: ReturnType<typeof readBuildInfo>;
      try {
        info = readBuildInfo(manifest, command.files.get(FEDERATION_STATS_FILE));
      } catch (error) {
        if (error instanceof BuildInfoError) throw new AppError('VALIDATION', error.coded);
        throw error;
      }
      const version = command.version ?? info.buildVersion;
      if (!version) {
        throw new AppError('VALIDATION', codedMessage('messages.releaseNoVersion'));
      }
      if (info.buildVersion !== null && info.buildVersion !== version) {
        throw new AppError(
          'VALIDATION',
          codedMessage('messages.releaseVersionMismatch', {
            built: info.buildVersion,
            file: FEDERATION_MANIFEST_FILE,
            version,
          }),
        );
      }
      const expected = containerName(command.remote);
      if (info.container !== expected) {
        throw new AppError(
          'VALIDATION',
          codedMessage('messages.releaseWrongContainer', {
            remote: command.remote,
            container: info.container,
            expected,
          }),
        );
      }

      return asAppErrors(() =>
        store.publish({
          remote: command.remote,
          version,
          files: command.files,
          info,
          builtAt: command.builtAt ?? new Date().toISOString(),
          gitCommit: command.gitCommit ?? null,
          publishedBy: command.by,
        }),
      );
    },

    async pin(command: PinCommand): Promise<TPinChangeResponse> {
      const environment = envOf(command.environment);
      const release = await requireRelease(command.remote, command.version);
      requireAllowedOrigin(command.remote, command.version);
      const organizations = command.organizations ? [...new Set(command.organizations)].sort() : undefined;
      if (organizations) await requireOrganizations(organizations);
      const force = command.force === true;
      const overrides = await gate(release, environment, force, 'pin');

      return change(environment, command, (current) => {
        const live = currentVersion(current);
        if (organizations) {
          const already = organizations.every((slug) => versionFor(current, slug) === command.version);
          if (already) return null;
          // What these organizations were served, which an earlier canary may have made other than `live`.
          const before = canaryVersions(organizations, (slug) => versionFor(current, slug));
          return {
            ...entryBase(command, force, overrides),
            action: 'pin',
            version: command.version,
            previousVersion: before.version,
            organizations,
            ...(before.perOrganization ? { previousVersions: before.perOrganization } : {}),
          };
        }
        if (live === command.version && (current?.canaries.length ?? 0) === 0) return null;
        return {
          ...entryBase(command, force, overrides),
          action: 'pin',
          version: command.version,
          previousVersion: live,
        };
      });
    },

    /** Withdraws the latest canary if one is active, else returns everyone to the previous pin. */
    async rollback(command: RollbackCommand): Promise<TPinChangeResponse> {
      const environment = envOf(command.environment);
      const force = command.force === true;
      const state = (await pins.read(environment)).remotes.get(command.remote);
      const target = rollbackTarget(state);
      let overrides: string[] = [];
      if (target.kind === 'layer' && target.version !== null) {
        const release = await store.get(command.remote, target.version);
        if (!release && !force) {
          throw new AppError(
            'CONFLICT',
            codedMessage('messages.releaseRollbackTargetGone', {
              release: `${command.remote}@${target.version}`,
            }),
          );
        }
        if (release) overrides = await gate(release, environment, force, 'rollback');
      }

      return change(environment, command, (current) => {
        // Decided again under the lock: the state read above may have moved (then expectedSeq refuses).
        const decided = rollbackTarget(current);
        if (decided.kind === 'none') {
          throw new AppError(
            'CONFLICT',
            codedMessage('messages.releaseNothingToRollBack', { remote: command.remote, environment }),
          );
        }
        if (!sameTarget(decided, target)) {
          // Only possible without expectedSeq: what the gate checked is no longer what a rollback would do.
          throw new AppError(
            'CONFLICT',
            codedMessage('messages.releaseChangedWhileRollingBack', { remote: command.remote }),
          );
        }
        if (decided.kind === 'canary') {
          // Withdrawn, the canary's organizations fall back to an earlier canary naming them, else
          // to what everyone gets: record what each is served after, not only what everyone gets.
          const without = current && { ...current, canaries: current.canaries.slice(0, -1) };
          const after = canaryVersions(decided.canary.organizations, (slug) => versionFor(without, slug));
          return {
            ...entryBase(command, force, []),
            action: 'rollback',
            version: after.version,
            previousVersion: decided.canary.version,
            organizations: decided.canary.organizations,
            ...(after.perOrganization ? { versions: after.perOrganization } : {}),
          };
        }
        return {
          ...entryBase(command, force, overrides),
          action: 'rollback',
          version: decided.version,
          previousVersion: currentVersion(current),
        };
      });
    },

    /** Back to the configured remote (REMOTES) for everyone; a later rollback re-applies the pin. */
    async unpin(command: ChangeCommand): Promise<TPinChangeResponse> {
      const environment = envOf(command.environment);
      return change(environment, command, (current) => {
        const live = currentVersion(current);
        if (live === null && (current?.canaries.length ?? 0) === 0) return null;
        return { ...entryBase(command, false, []), action: 'unpin', version: null, previousVersion: live };
      });
    },

    async status(environment?: string): Promise<TReleasesStatusResponse> {
      const env = envOf(environment);
      const snapshot = await pins.read(env);
      return {
        environment: env,
        remotes: REMOTE_NAMES.map((remote) => statusOf(remote, env, snapshot.remotes.get(remote))),
        warnings: warningsOf(snapshot),
      };
    },

    async remote(remote: TRemoteName, environment?: string): Promise<TRemoteReleasesResponse> {
      const env = envOf(environment);
      const [snapshot, releases] = await Promise.all([pins.read(env), store.list(remote)]);
      return {
        remote,
        environment: env,
        status: statusOf(remote, env, snapshot.remotes.get(remote)),
        releases,
        history: snapshot.entries.filter((entry: TPinEntry) => entry.remote === remote),
        warnings: warningsOf(snapshot),
      };
    },

    /**
     * What this API's environment serves to a page of `organization`: remote -> pinned build
     * (entry URL and version). Remotes without a pin are absent (the configured remote applies).
     */
    async servedReleases(
      organization?: string,
    ): Promise<Map<TRemoteName, { version: string; entry: string }>> {
      const snapshot = await pins.read(config.environment);
      const served = new Map<TRemoteName, { version: string; entry: string }>();
      for (const [remote, state] of snapshot.remotes) {
        const version = versionFor(state, organization);
        if (version !== null) served.set(remote, { version, entry: store.entryUrl(remote, version) });
      }
      return served;
    },
  };
}

/**
 * The embedded setup: the release store and the pin logs under DATA_DIR/releases, used by the API
 * and by `pnpm release` alike (files, not the database, so both can write while the API runs).
 */
export function openReleases(
  config: ReleaseConfig,
  via: 'cli' | 'api',
  options: {
    organizations?: OrganizationDirectory;
    onInvalidPinLines?: (lines: readonly InvalidPinLine[]) => void;
  } = {},
) {
  const store = new FileSystemReleaseStore(config.dir, config.publicUrl);
  const pins = new FilePinLog(
    join(config.dir, 'pins'),
    options.onInvalidPinLines ? { onInvalidLines: options.onInvalidPinLines } : {},
  );
  const service = createReleaseService({
    store,
    pins,
    config,
    via,
    ...(options.organizations ? { organizations: options.organizations } : {}),
  });
  return { store, pins, service };
}
