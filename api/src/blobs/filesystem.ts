import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobStore } from './store';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Blobs as files under `root` (DATA_DIR/blobs). A blob is written to `.partial/` first and renamed
 * into place once complete, so a reader never sees half a file and a failed upload leaves nothing.
 */
export function createFileSystemBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };
  const partialDir = path.join(root, '.partial');

  return {
    kind: 'filesystem',

    async put(key, body) {
      const target = fileOf(key);
      await mkdir(partialDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(partialDir, randomUUID());
      let bytes = 0;
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return bytes;
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), byteSize: size };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
