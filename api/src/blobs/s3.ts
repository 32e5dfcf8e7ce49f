import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobStore } from './store';

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ('' for none). */
  prefix: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS itself when absent. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * BLOB_STORE_URL: `s3://[ACCESS_KEY:SECRET@]bucket[/prefix][?endpoint=https://…&region=…&forcePathStyle=true]`.
 * Without credentials in the URL the SDK's usual chain applies (AWS_ACCESS_KEY_ID, roles, …).
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 's3:' || url.hostname === '')
    throw new Error('BLOB_STORE_URL must be s3://bucket[/prefix]');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    // S3-compatible servers mostly want path-style addressing.
    forcePathStyle: (url.searchParams.get('forcePathStyle') ?? (endpoint ? 'true' : 'false')) === 'true',
    credentials:
      url.username !== ''
        ? {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          }
        : undefined,
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === 404;
}

async function bufferOf(body: Readable | Buffer): Promise<Buffer> {
  return Buffer.isBuffer(body) ? body : toBuffer(body);
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Blobs as objects of an S3-compatible bucket. */
export function createS3BlobStore(location: S3Location): BlobStore {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Plain bodies with a Content-Length: what every S3-compatible server understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return location.prefix === '' ? key : `${location.prefix}/${key}`;
  };

  return {
    kind: 's3',

    async put(key, body, options) {
      // S3 wants the length up front: a stream of unknown length is read into memory first.
      const payload = Buffer.isBuffer(body) || options.byteSize === undefined ? await bufferOf(body) : body;
      const byteSize = Buffer.isBuffer(payload) ? payload.length : (options.byteSize ?? 0);
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: objectKey(key),
          Body: payload,
          ContentLength: byteSize,
          ContentType: options.contentType,
        }),
      );
      return byteSize;
    },

    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, byteSize: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key) {
      const found = await this.get(key);
      return found ? toBuffer(found.body) : null;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
  };
}
