/**
 * `pnpm release …`: publish a remote's build as an immutable release, and pin, roll back or unpin
 * it per environment. Works on the same files as the running API (DATA_DIR/releases), so it runs
 * from a terminal or CI beside it; a new pin is live on the dashboard's next page load.
 *
 * Exit codes: 0 done (or nothing to do), 1 refused or failed, 2 wrong usage.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  codedMessage,
  REMOTE_NAMES,
  type TRemoteName,
  ZOrganizationSlug,
  ZReleaseActor,
  ZReleaseEnvironment,
  ZReleaseVersion,
  ZRemoteName,
} from '@dash/shared/contracts';
import type { z } from 'zod';
import { type Config, ConfigError, loadConfig, REPO_ROOT } from '../../config';
import { type AppDatabase, openPglite, openPostgres } from '../../db/client';
import { AppError } from '../../http/errors';
import { FEDERATION_MANIFEST_FILE } from './build-info';
import { launcherEnvironment } from './cli-env';
import {
  describeChange,
  megabytes,
  printHistory,
  printReleases,
  printStatus,
  printWarnings,
} from './cli-output';
import { organizationDirectory } from './repo';
import { type OrganizationDirectory, openReleases, type ReleaseService } from './service';
import { readBuildDirectory } from './store';

const USAGE = `Usage: pnpm release <command> [options]

  publish <remote> [--version V] [--dir D] [--git-commit C]
      Build <remote> as version V (default: its package.json version) and store it immutably.
      With --dir, store that already-built directory instead of building.
  pin <remote> <version> [--env E] [--orgs a,b] [--force] [--expected-seq N]
      Serve <version> of <remote> in environment E (default: RELEASE_ENV or production).
      --orgs pins it for those organizations (slugs) only: a canary.
      --force skips the compatibility gate; the history records it.
  rollback <remote> [--env E] [--force] [--expected-seq N]
      Withdraw the latest canary, else return everyone to the previous pin.
  unpin <remote> [--env E] [--expected-seq N]
      Serve the configured remote (REMOTES) again.
  status [--env E] [--json]          What each remote is pinned to.
  history <remote> [--env E] [--json] Every pin change of <remote>, oldest first.
  releases <remote> [--json]          The published releases of <remote>.

  --by WHO       Recorded as the author (default: git config user.email, else $USER).
  --expected-seq Refuse the change if <remote> changed since that seq (see status).
                 Default: the seq read just before writing.

Remotes: ${REMOTE_NAMES.join(', ')}.
Environment: DATA_DIR (default .data), DATABASE_URL, PORT (default 3000), RELEASE_ENV,
RELEASES_PUBLIC_URL, REMOTES, REMOTE_ORIGINS and SHELL_MANIFEST_PATH, as for \`npm start\`: the API
and release files on PORT, the remotes on PORT+11..PORT+14. With API_PORT set instead (an API run
on its own), the API's own defaults apply.`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function parsed<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return fail(`${what}: ${result.error.issues[0]?.message ?? 'not valid'}`);
}

function remoteArg(value: string | undefined): TRemoteName {
  if (value === undefined) fail('Name the remote.');
  const remote = ZRemoteName.safeParse(value);
  if (!remote.success) fail(`"${value}" is not a remote. The remotes are: ${REMOTE_NAMES.join(', ')}.`);
  return remote.data;
}

function git(args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function defaultActor(): string {
  return git(['config', 'user.email']) || process.env.USER || process.env.USERNAME || 'unknown';
}

/** The commit the working tree is at, `-dirty` when the remote or shared has uncommitted changes. */
function gitCommitOf(remote: TRemoteName): string | null {
  const commit = git(['rev-parse', 'HEAD']);
  if (!commit) return null;
  const changes = git(['status', '--porcelain', '--', remote, 'shared']);
  return changes ? `${commit}-dirty` : commit;
}

async function publish(
  service: ReleaseService,
  releasesDir: string,
  remote: TRemoteName,
  options: { version?: string; dir?: string; gitCommit?: string; by: string },
): Promise<void> {
  let dir = options.dir;
  let builtAt: string;
  let version = options.version;
  let gitCommit: string | null = options.gitCommit ?? null;
  let buildDir: string | undefined;

  if (dir === undefined) {
    version ??= JSON.parse(readFileSync(join(REPO_ROOT, remote, 'package.json'), 'utf8')).version as string;
    parsed(ZReleaseVersion, version, `${remote}'s version`);
    buildDir = join(releasesDir, '.builds', `${remote}@${version}.${randomBytes(4).toString('hex')}`);
    console.log(`Building ${remote} ${version}…`);
    const build = spawnSync(join(REPO_ROOT, remote, 'node_modules', '.bin', 'rsbuild'), ['build'], {
      cwd: join(REPO_ROOT, remote),
      env: { ...process.env, NODE_ENV: 'production', REMOTE_VERSION: version, REMOTE_DIST_DIR: buildDir },
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      await rm(buildDir, { recursive: true, force: true });
      console.error(`${build.stdout ?? ''}${build.stderr ?? ''}`);
      throw new AppError(
        'INTERNAL',
        codedMessage('messages.releaseBuildFailed', { remote, status: String(build.status) }),
      );
    }
    dir = buildDir;
    builtAt = new Date().toISOString();
    gitCommit ??= gitCommitOf(remote);
  } else {
    const manifest = await stat(join(dir, FEDERATION_MANIFEST_FILE)).catch(() => null);
    if (!manifest) fail(`${dir} has no ${FEDERATION_MANIFEST_FILE}: is it a remote's build output?`);
    builtAt = manifest.mtime.toISOString();
  }

  try {
    const files = await readBuildDirectory(dir);
    const { release, created } = await service.publish({
      remote,
      ...(version !== undefined ? { version } : {}),
      files,
      builtAt,
      gitCommit,
      by: options.by,
    });
    const react = release.shared.find((dependency) => dependency.name === 'react');
    console.log(
      created
        ? `Published ${remote}@${release.version}: ${release.files} files, ${megabytes(release.bytes)}, ${release.contentHash}` +
            `${react ? `, built against react ${react.requiredVersion}` : ''}.\nPin it with: pnpm release pin ${remote} ${release.version}`
        : `${remote}@${release.version} is already published with this exact content (${release.contentHash}); nothing to do.`,
    );
  } finally {
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  }
}

/**
 * Runs `work` with the database's organizations when the CLI can reach them: DATABASE_URL, or the
 * embedded database when no process (the API) has it open, since PGlite allows one process only.
 * Otherwise `work` gets no directory and the reason, and the CLI says the slugs went unchecked.
 */
async function withOrganizationDirectory<T>(
  config: Config,
  work: (directory: OrganizationDirectory | undefined, unchecked?: string) => Promise<T>,
): Promise<T> {
  let database: AppDatabase;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl, { max: 1 });
  } else {
    const dir = join(config.dataDir, 'pglite');
    // Opening a directory that is not there would create an empty database in it.
    if (!existsSync(dir)) return work(undefined, `there is no database at ${dir}.`);
    try {
      database = await openPglite(dir);
    } catch (error) {
      return work(undefined, `${(error as Error).message.split('. ')[0]}.`);
    }
  }
  try {
    return await work(organizationDirectory(database.db));
  } finally {
    await database.close();
  }
}

async function expectedSeqOf(
  service: ReleaseService,
  remote: TRemoteName,
  environment: string,
  given: string | undefined,
): Promise<number> {
  if (given !== undefined) {
    if (!/^\d+$/.test(given)) fail('--expected-seq is a whole number (the seq shown by status).');
    return Number(given);
  }
  const status = await service.status(environment);
  return status.remotes.find((entry) => entry.remote === remote)?.seq ?? 0;
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      version: { type: 'string' },
      dir: { type: 'string' },
      'git-commit': { type: 'string' },
      env: { type: 'string' },
      orgs: { type: 'string' },
      force: { type: 'boolean' },
      by: { type: 'string' },
      'expected-seq': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || command === undefined || command === 'help') {
    console.log(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }

  const config = loadConfig(
    launcherEnvironment(
      env,
      (remote) => JSON.parse(readFileSync(join(REPO_ROOT, remote, 'package.json'), 'utf8')).version as string,
    ),
  );
  const { service } = openReleases(config.releases, 'cli');
  const environment = values.env
    ? parsed(ZReleaseEnvironment, values.env, '--env')
    : config.releases.environment;
  const by = parsed(ZReleaseActor, values.by ?? defaultActor(), '--by');
  const expectArgs = (count: number) => {
    if (args.length !== count)
      fail(`"${command}" takes ${count === 1 ? 'one argument' : `${count} arguments`}.`);
  };

  switch (command) {
    case 'publish': {
      expectArgs(1);
      const remote = remoteArg(args[0]);
      await publish(service, config.releases.dir, remote, {
        ...(values.version !== undefined
          ? { version: parsed(ZReleaseVersion, values.version, '--version') }
          : {}),
        ...(values.dir !== undefined ? { dir: values.dir } : {}),
        ...(values['git-commit'] !== undefined ? { gitCommit: values['git-commit'] } : {}),
        by,
      });
      return 0;
    }
    case 'pin': {
      expectArgs(2);
      const remote = remoteArg(args[0]);
      const version = parsed(ZReleaseVersion, args[1], 'version');
      const organizations = values.orgs
        ?.split(',')
        .map((slug) => slug.trim())
        .filter(Boolean)
        .map((slug) => parsed(ZOrganizationSlug, slug, `--orgs "${slug}"`));
      if (organizations && organizations.length === 0) fail('--orgs names at least one organization slug.');
      const pinCommand = {
        remote,
        version,
        environment,
        expectedSeq: await expectedSeqOf(service, remote, environment, values['expected-seq']),
        ...(organizations ? { organizations } : {}),
        force: values.force === true,
        by,
      };
      const result = organizations
        ? await withOrganizationDirectory(config, async (directory, unchecked) => {
            if (unchecked) {
              console.error(
                `Warning: could not check that ${organizations.join(', ')} exist: ${unchecked} ` +
                  'A slug that names no organization pins nothing anyone sees.',
              );
            }
            const { service: checking } = openReleases(
              config.releases,
              'cli',
              directory ? { organizations: directory } : {},
            );
            return checking.pin(pinCommand);
          })
        : await service.pin(pinCommand);
      const audience = organizations ? ` for ${organizations.join(', ')}` : '';
      console.log(
        describeChange(
          result,
          environment,
          `${remote} ${version} is already live${audience} in ${environment}`,
        ),
      );
      return 0;
    }
    case 'rollback':
    case 'unpin': {
      expectArgs(1);
      const remote = remoteArg(args[0]);
      const change = {
        remote,
        environment,
        expectedSeq: await expectedSeqOf(service, remote, environment, values['expected-seq']),
        by,
      };
      const result =
        command === 'rollback'
          ? await service.rollback({ ...change, force: values.force === true })
          : await service.unpin(change);
      console.log(
        describeChange(
          result,
          environment,
          `${remote} already serves the configured remote in ${environment}`,
        ),
      );
      return 0;
    }
    case 'status': {
      expectArgs(0);
      const status = await service.status(environment);
      if (values.json) console.log(JSON.stringify(status, null, 2));
      else printStatus(status);
      return 0;
    }
    case 'history': {
      expectArgs(1);
      const remote = remoteArg(args[0]);
      const { history, warnings } = await service.remote(remote, environment);
      printWarnings(warnings);
      if (values.json) console.log(JSON.stringify(history, null, 2));
      else printHistory(history, remote, environment);
      return 0;
    }
    case 'releases': {
      expectArgs(1);
      const remote = remoteArg(args[0]);
      const { releases } = await service.remote(remote, environment);
      if (values.json) console.log(JSON.stringify(releases, null, 2));
      else printReleases(releases, remote);
      return 0;
    }
    default:
      return fail(`Unknown command "${command}".`);
  }
}

/**
 * The command with these arguments and environment: its exit code, its output on the console. The
 * test calls it in its own process; `pnpm release` runs this file.
 */
export async function runReleaseCli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    return await main(argv, env);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      // parseArgs reports unknown options and missing values as TypeErrors with a code.
      console.error(`${error.message}\nSee pnpm release --help.`);
      return 2;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runReleaseCli(process.argv.slice(2), process.env).then((code) => process.exit(code));
}
