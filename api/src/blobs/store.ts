import type { Readable } from 'node:stream';

/**
 * The one blob store: files (attachments, uploads, later KYB documents) live here, their metadata
 * in the database. Keys are relative paths chosen by the API (`attachments/<uid>`), never by a
 * caller. The filesystem under DATA_DIR/blobs is the default; BLOB_STORE_URL=s3://… selects an
 * S3-compatible bucket for production.
 */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3';
  /**
   * Stores the bytes under `key` (replacing what was there), streaming: a body that fails midway
   * leaves nothing behind. Resolves with the number of bytes stored.
   */
  put(
    key: string,
    body: Readable | Buffer,
    options: { contentType: string; byteSize?: number },
  ): Promise<number>;
  /** A stream of the bytes and their length, or null when there is no such blob. */
  get(key: string): Promise<{ body: Readable; byteSize: number } | null>;
  /** The whole blob in memory (mail attachments), or null. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Keys are ours, but a bad one must never reach the filesystem or a bucket. */
export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

/** The store the configuration names: S3 with BLOB_STORE_URL, else the filesystem under DATA_DIR/blobs. */
export async function createBlobStore(config: {
  blobStoreUrl: string | undefined;
  blobDir: string;
}): Promise<BlobStore> {
  if (config.blobStoreUrl) {
    const { createS3BlobStore, parseS3Url } = await import('./s3');
    return createS3BlobStore(parseS3Url(config.blobStoreUrl));
  }
  const { createFileSystemBlobStore } = await import('./filesystem');
  return createFileSystemBlobStore(config.blobDir);
}
