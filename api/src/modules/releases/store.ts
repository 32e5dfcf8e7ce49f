import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  codedMessage,
  RELEASE_FILE_PATH_PATTERN,
  RELEASE_VERSION_PATTERN,
  type TRelease,
  type TRemoteName,
  ZRelease,
  ZRemoteName,
} from '@dash/shared/contracts';
import semver from 'semver';
import { CodedError } from '../../http/errors';
import type { BuildInfo } from './build-info';

export interface PublishInput {
  remote: TRemoteName;
  version: string;
  /** Path relative to the build's root (posix separators) -> bytes. */
  files: ReadonlyMap<string, Buffer>;
  /** What the build says about itself (read by the service from its mf-manifest.json). */
  info: BuildInfo;
  builtAt: string;
  gitCommit: string | null;
  publishedBy: string;
}

export interface PublishResult {
  release: TRelease;
  /** false: the same content was already stored under this version. */
  created: boolean;
}

/** Publishing a version that exists with other content: releases are immutable. */
export class ReleaseConflictError extends CodedError {
  override readonly name = 'ReleaseConflictError';
  constructor(
    readonly existing: TRelease,
    readonly contentHash: string,
  ) {
    super(
      codedMessage('messages.releaseAlreadyPublished', {
        release: `${existing.remote}@${existing.version}`,
        existing: existing.contentHash.slice(0, 19),
        yours: contentHash.slice(0, 19),
      }),
    );
  }
}

/**
 * Where releases live. The file system implementation below is the embedded default; an object
 * store or CDN implements the same interface (entryUrl then points at the CDN).
 */
export interface ReleaseStore {
  /** Stores the build once, all or nothing. Same version and content again: `created: false`. */
  publish(input: PublishInput): Promise<PublishResult>;
  get(remote: TRemoteName, version: string): Promise<TRelease | null>;
  /** A remote's releases, lowest version first. */
  list(remote: TRemoteName): Promise<TRelease[]>;
  /** The URL browsers load the release's federation manifest from. */
  entryUrl(remote: TRemoteName, version: string): string;
}

/** A store whose files this API serves itself (GET /releases/<remote>/<version>/<path>). */
export interface ReleaseFileSource {
  openFile(
    remote: TRemoteName,
    version: string,
    path: string,
  ): Promise<{ stream: Readable; size: number } | null>;
}

/**
 * sha256 over the files sorted by path, each as `path \0 size \0 bytes`: the same build gives the
 * same hash wherever it was read from, and no two different file sets can be framed alike.
 */
export function contentHash(files: ReadonlyMap<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) {
    const bytes = files.get(path) ?? Buffer.alloc(0);
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}

export function isReleaseFilePath(path: string): boolean {
  return path.length <= 512 && RELEASE_FILE_PATH_PATTERN.test(path);
}

const METADATA_FILE = 'release.json';
const FILES_DIR = 'files';

async function writeDurably(path: string, bytes: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'wx', 0o444);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Releases as directories: `<root>/<remote>/<version>/release.json` (the metadata) beside
 * `files/` (the build). A release is written in full under `<root>/.staging/` and then renamed into
 * place in one step, so a reader never sees half a release, and two publishers of one version
 * cannot both win (renaming onto an existing release fails). Files are stored read-only.
 */
export class FileSystemReleaseStore implements ReleaseStore, ReleaseFileSource {
  constructor(
    readonly root: string,
    /** Base URL the API serves `<root>` at, e.g. http://localhost:3001/releases. */
    private readonly publicUrl: string,
  ) {}

  private releaseDir(remote: TRemoteName, version: string): string {
    // Both are checked by the contracts already; a store never trusts its callers with paths.
    if (!ZRemoteName.safeParse(remote).success || !RELEASE_VERSION_PATTERN.test(version)) {
      throw new Error(`Not a release: ${remote}@${version}`);
    }
    return join(this.root, remote, version);
  }

  entryUrl(remote: TRemoteName, version: string): string {
    return `${this.publicUrl}/${remote}/${version}/mf-manifest.json`;
  }

  async get(remote: TRemoteName, version: string): Promise<TRelease | null> {
    let text: string;
    try {
      text = await readFile(join(this.releaseDir(remote, version), METADATA_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return ZRelease.parse(JSON.parse(text));
  }

  async list(remote: TRemoteName): Promise<TRelease[]> {
    let versions: string[];
    try {
      versions = await readdir(join(this.root, ZRemoteName.parse(remote)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const releases = await Promise.all(
      versions
        .filter((version) => RELEASE_VERSION_PATTERN.test(version))
        .map((version) => this.get(remote, version)),
    );
    return releases
      .filter((release): release is TRelease => release !== null)
      .sort((a, b) => semver.compare(a.version, b.version));
  }

  async publish(input: PublishInput): Promise<PublishResult> {
    for (const path of input.files.keys()) {
      if (!isReleaseFilePath(path)) throw new Error(`Not a relative file path inside the build: ${path}`);
    }
    const hash = contentHash(input.files);
    const existing = await this.get(input.remote, input.version);
    if (existing) return this.sameOrConflict(existing, hash);

    let bytes = 0;
    for (const file of input.files.values()) bytes += file.length;
    const release = ZRelease.parse({
      remote: input.remote,
      version: input.version,
      contentHash: hash,
      builtAt: input.builtAt,
      publishedAt: new Date().toISOString(),
      publishedBy: input.publishedBy,
      gitCommit: input.gitCommit,
      container: input.info.container,
      shared: input.info.shared,
      exposes: input.info.exposes,
      mantineExports: input.info.mantineExports,
      treeShakenExports: input.info.treeShakenExports,
      files: input.files.size,
      bytes,
    });

    const target = this.releaseDir(input.remote, input.version);
    const staging = join(
      this.root,
      '.staging',
      `${input.remote}@${input.version}.${randomBytes(6).toString('hex')}`,
    );
    try {
      for (const [path, file] of input.files)
        await writeDurably(join(staging, FILES_DIR, ...path.split('/')), file);
      await writeDurably(join(staging, METADATA_FILE), `${JSON.stringify(release, null, 2)}\n`);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(staging, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
        // Someone published this version between our check and our rename.
        const winner = await this.get(input.remote, input.version);
        if (!winner) throw error;
        return this.sameOrConflict(winner, hash);
      }
      await syncDirectory(dirname(target));
      return { release, created: true };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  private sameOrConflict(existing: TRelease, hash: string): PublishResult {
    if (existing.contentHash === hash) return { release: existing, created: false };
    throw new ReleaseConflictError(existing, hash);
  }

  async openFile(
    remote: TRemoteName,
    version: string,
    path: string,
  ): Promise<{ stream: Readable; size: number } | null> {
    if (!isReleaseFilePath(path)) return null;
    const filesDir = join(this.releaseDir(remote, version), FILES_DIR);
    const full = join(filesDir, ...path.split('/'));
    if (!full.startsWith(filesDir + sep)) return null;
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    } catch {
      return null;
    }
  }
}

/** Every file under `dir`, keyed by its posix path relative to `dir` (a build's `dist/`). */
export async function readBuildDirectory(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  async function walk(relative: string): Promise<void> {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.set(path, await readFile(join(dir, path)));
    }
  }
  await walk('');
  return files;
}
