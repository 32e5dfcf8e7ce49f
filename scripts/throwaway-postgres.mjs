/**
 * A PostgreSQL server for one test run: initdb into a temporary directory, start it on a free
 * 127.0.0.1 port (socket in the same directory), and throw it all away on stop(). No dependencies.
 *
 *   const pg = await startThrowawayPostgres(); // null when no PostgreSQL binaries are installed
 *   ... use pg.url (postgres://postgres@127.0.0.1:PORT/postgres) ...
 *   await pg.stop();
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The directory holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
function findPostgresBin() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root, so root runs the server as the `postgres` system user. */
function ensurePostgresUser() {
  if (spawnSync('id', ['postgres'], { stdio: 'ignore' }).status === 0) return;
  execFileSync('useradd', ['--system', '--no-create-home', 'postgres'], { stdio: 'inherit' });
}

function idOf(flag) {
  return Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim(), 10);
}

function run(command, args, asPostgres) {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed (exit ${result.status}):\n${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/**
 * Starts a throwaway server and resolves to { url, stop() }, or null when initdb is not installed.
 * Durability is switched off (fsync, full_page_writes): the data lives only as long as the tests.
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const initdb = path.join(bin, 'initdb');
  const pgCtl = path.join(bin, 'pg_ctl');
  const asPostgres = typeof process.getuid === 'function' && process.getuid() === 0;

  const dir = mkdtempSync(path.join(tmpdir(), 'dash-pg-'));
  const dataDir = path.join(dir, 'data');
  let started = false;

  const stop = async () => {
    if (started) {
      started = false;
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
      } catch (error) {
        console.error(`Could not stop the throwaway PostgreSQL cleanly: ${error.message}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (asPostgres) {
      ensurePostgresUser();
      chownSync(dir, idOf('-u'), idOf('-g'));
    }
    run(
      initdb,
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'],
      asPostgres,
    );
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k "${dir}"`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    run(
      pgCtl,
      ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', serverOptions, 'start'],
      asPostgres,
    );
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
