// Database-independent: the blob stores only.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFileSystemBlobStore } from './filesystem';
import { createS3BlobStore, parseS3Url } from './s3';
import type { BlobStore } from './store';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The part of S3 the store uses (path-style PUT, GET, DELETE), in memory, recording each request. */
async function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const key = decodeURIComponent(request.url?.split('?')[0] ?? '');
    requests.push(`${request.method} ${key}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: '"x"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        response.writeHead(200, { 'content-length': object.body.length }).end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, objects, requests };
}

async function exercise(store: BlobStore) {
  expect(await store.put('attachments/a1', Buffer.from('hello'), { contentType: 'text/plain' })).toBe(5);
  expect(
    await store.put('uploads/u1', Readable.from([Buffer.from('str'), Buffer.from('eam')]), {
      contentType: 'application/pdf',
      byteSize: 6,
    }),
  ).toBe(6);
  const found = await store.get('uploads/u1');
  expect(found?.byteSize).toBe(6);
  expect(found ? await text(found.body) : null).toBe('stream');
  expect((await store.read('attachments/a1'))?.toString()).toBe('hello');
  expect(await store.get('attachments/missing')).toBeNull();
  expect(await store.read('attachments/missing')).toBeNull();
  await store.delete('attachments/a1');
  await store.delete('attachments/a1');
  expect(await store.read('attachments/a1')).toBeNull();
  await expect(store.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
    'Invalid blob key',
  );
}

describe('blob store', () => {
  it('keeps blobs as files under its root, writing each completely or not at all', async () => {
    const root = path.join(tmpdir(), `dash-blobs-${randomUUID()}`);
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const store = createFileSystemBlobStore(root);
    await exercise(store);

    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put('uploads/broken', failing, { contentType: 'application/pdf' })).rejects.toThrow(
      'connection reset',
    );
    expect(existsSync(path.join(root, 'uploads', 'broken'))).toBe(false);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it('keeps blobs as objects of an S3-compatible bucket under the URL prefix', async () => {
    const s3 = await fakeS3();
    const location = parseS3Url(
      `s3://AKIDEXAMPLE:secret%2Fkey@dash-files/env/prod?endpoint=http://127.0.0.1:${s3.port}&region=eu-west-1`,
    );
    expect(location).toEqual({
      bucket: 'dash-files',
      prefix: 'env/prod',
      endpoint: `http://127.0.0.1:${s3.port}`,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/key' },
    });
    await exercise(createS3BlobStore(location));
    expect(s3.requests).toContain('PUT /dash-files/env/prod/uploads/u1');
    expect(s3.objects.get('/dash-files/env/prod/uploads/u1')?.contentType).toBe('application/pdf');
  });
});
