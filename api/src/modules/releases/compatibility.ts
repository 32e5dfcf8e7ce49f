import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { codedMessage, containerName, REMOTE_EXPOSES, type TRemoteName } from '@dash/shared/contracts';
import semver from 'semver';
import { CodedError } from '../../http/errors';
import { type BuildInfo, FEDERATION_STATS_FILE, readBuildInfo } from './build-info';

/** What the running shell offers a remote: its shared singletons and its Mantine build. */
export interface ShellProvides {
  /** Shared package -> the version the shell provides (from the shell's own federation manifest). */
  shared: ReadonlyMap<string, string>;
  /** The @mantine/core exports the shell's tree-shaken Mantine contains; null when unknown. */
  mantineExports: readonly string[] | null;
  /** Each tree-shaken shared package -> the exports the shell's build of it contains; null when unknown. */
  treeShakenExports?: Readonly<Record<string, readonly string[]>> | null;
}

export type ReleaseRequirements = Pick<BuildInfo, 'container' | 'shared' | 'exposes' | 'mantineExports'> & {
  treeShakenExports?: Readonly<Record<string, readonly string[]>> | null;
};

/**
 * Router packages a remote must take from the shell, never bring: the shell's RouterProvider holds
 * the router context that a remote's links and route hooks read, and a copy of its own has another.
 * The apps share react-router; builds from before they moved to it (react-router 7 merged
 * react-router-dom into it) shared react-router-dom, and a release store may still hold them.
 */
const SHELL_ROUTER_PACKAGES: readonly string[] = ['react-router', 'react-router-dom'];

/** The export lists of a build's tree-shaken packages (older records only know @mantine/core's). */
function treeShakenLists(
  build: Pick<ShellProvides, 'mantineExports' | 'treeShakenExports'>,
): Readonly<Record<string, readonly string[]>> {
  if (build.treeShakenExports) return build.treeShakenExports;
  return build.mantineExports ? { '@mantine/core': build.mantineExports } : {};
}

/**
 * Why a release would break in this shell, one sentence per problem (empty: compatible):
 *  - it is another remote's build (its federation container has another name);
 *  - it no longer exposes a module the shell loads from that remote;
 *  - a singleton's required range is not satisfied by the version the shell provides (the shell's
 *    instance is the one every remote gets, so e.g. a React 18 remote would run on React 19);
 *  - it shares a router package the shell does not provide (a release built with react-router-dom
 *    in a shell built with react-router, or the reverse): its pages would run outside the shell's router;
 *  - it uses exports of a tree-shaken shared package (@mantine/core, @mantine/hooks, @mantine/form,
 *    react-router, @tanstack/react-query) that the shell's build of it does not contain.
 * Any other singleton the shell does not provide at all is not a problem: the remote brings its own.
 */
export function compatibilityProblems(
  remote: TRemoteName,
  release: ReleaseRequirements,
  shell: ShellProvides,
): string[] {
  const problems: string[] = [];

  const wrongContainer = containerProblem(remote, release.container);
  if (wrongContainer) problems.push(wrongContainer);

  for (const module of REMOTE_EXPOSES[remote]) {
    if (!release.exposes.includes(module)) {
      problems.push(
        `${module}: the shell loads this module from ${remote}, and the release does not expose it`,
      );
    }
  }

  for (const dependency of release.shared) {
    if (!dependency.singleton || dependency.requiredVersion === null) continue;
    const provided = shell.shared.get(dependency.name);
    if (provided === undefined) {
      if (SHELL_ROUTER_PACKAGES.includes(dependency.name)) {
        const shellRouter = SHELL_ROUTER_PACKAGES.find((name) => shell.shared.has(name));
        problems.push(
          `${dependency.name}: the shell does not provide it, so the release's links and route hooks would run outside the shell's router (${shellRouter ? `build the release with ${shellRouter}, as the shell is` : 'the shell provides no router package'})`,
        );
      }
      continue;
    }
    const range = dependency.requiredVersion;
    if (semver.validRange(range) === null) {
      problems.push(`${dependency.name}: the release requires "${range}", which is not a version range`);
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push(`${dependency.name}: the release requires ${range}, the shell provides ${provided}`);
    }
  }

  const shellLists = treeShakenLists(shell);
  for (const [pkg, used] of Object.entries(treeShakenLists(release))) {
    const provided = shellLists[pkg];
    if (provided === undefined) continue;
    const available = new Set(provided);
    const missing = used.filter((name) => !available.has(name));
    if (missing.length > 0) {
      problems.push(
        `${pkg}: the release uses ${missing.join(', ')}, which the shell's build of ${pkg} does not include (deploy a shell built with ${missing.length > 1 ? 'them' : 'it'} first)`,
      );
    }
  }

  return problems;
}

/** A build of another remote: its federation container has another name. */
export function containerProblem(remote: TRemoteName, container: string): string | null {
  const expected = containerName(remote);
  return container === expected
    ? null
    : `the build's federation container is "${container}", not ${remote}'s "${expected}" (is it another remote's build?)`;
}

export class ShellManifestError extends CodedError {
  override readonly name = 'ShellManifestError';
}

/**
 * The shell's provided versions, from its build's federation manifest (and mf-stats.json beside
 * it for the Mantine export list). Read on every pin: the shell may have been redeployed.
 */
export async function readShellProvides(manifestPath: string): Promise<ShellProvides> {
  let manifest: Buffer;
  try {
    manifest = await readFile(manifestPath);
  } catch {
    throw new ShellManifestError(codedMessage('messages.shellManifestMissing', { path: manifestPath }));
  }
  const stats = await readFile(join(dirname(manifestPath), FEDERATION_STATS_FILE)).catch(() => undefined);
  let info: BuildInfo;
  try {
    info = readBuildInfo(manifest, stats);
  } catch (error) {
    throw new ShellManifestError(
      codedMessage('messages.shellManifestUnreadable', {
        path: manifestPath,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  const shared = new Map<string, string>();
  for (const dependency of info.shared) {
    if (dependency.version !== null) shared.set(dependency.name, dependency.version);
  }
  return { shared, mantineExports: info.mantineExports, treeShakenExports: info.treeShakenExports };
}
