import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  UPLOAD_LINK_EXPIRED_MESSAGE,
  UPLOAD_LINK_INVALID_MESSAGE,
  UPLOAD_LINK_USED_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  UPLOAD_TYPE_MISMATCH_MESSAGE,
  ZCreateUploadResponse,
  ZUploadedFileResponse,
} from '@dash/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../../db/schema';
import { createTestApp, testConfig } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { PDF_BYTES, PNG_BYTES } from '../../test/messages';

async function arrange(options: { maxBytes?: number } = {}) {
  let clock = Date.now();
  const testApp = await createTestApp(
    options.maxBytes ? { uploads: { ...testConfig().uploads, maxBytes: options.maxBytes } } : {},
    { now: () => new Date(clock) },
  );
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const create = async (
    body: { filename: string; contentType: string; byteSize: number },
    cookie = admin.cookie,
  ) => call(testApp.app, 'POST', '/uploads', { cookie, organization: organization.uid, body });
  const created = async (body: { filename: string; contentType: string; byteSize: number }) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return ZCreateUploadResponse.parse(response.json()).data;
  };
  const put = (
    url: string,
    payload: Buffer | Readable,
    headers: Record<string, string> = {},
    cookie: string | null = admin.cookie,
  ) =>
    testApp.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/pdf', ...(cookie ? { cookie } : {}), ...headers },
      payload,
    });
  return {
    testApp,
    admin,
    organization,
    create,
    created,
    put,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const pdf = { filename: 'invoice.pdf', contentType: 'application/pdf', byteSize: PDF_BYTES.length };

describe('signed uploads', () => {
  it('stores a file PUT to its signed URL and refuses the same link a second time', async () => {
    const { testApp, created, put } = await arrange();
    const upload = await created(pdf);
    expect(upload.signedUrl).toMatch(new RegExp(`^/api/v0/uploads/${upload.tempFileId}\\?token=`));

    const stored = await put(upload.signedUrl, PDF_BYTES);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(ZUploadedFileResponse.parse(stored.json()).data).toEqual({
      tempFileId: upload.tempFileId,
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      byteSize: PDF_BYTES.length,
    });
    expect(existsSync(path.join(testApp.config.blobDir, 'uploads', upload.tempFileId))).toBe(true);

    const reused = await put(upload.signedUrl, PDF_BYTES);
    expect(errorOf(reused)).toEqual({ status: 409, code: 'CONFLICT', message: UPLOAD_LINK_USED_MESSAGE });
  });

  it('refuses a tampered token, another temp file, another user and an expired link', async () => {
    const { testApp, organization, created, put, advance } = await arrange();
    const upload = await created(pdf);
    const [body, signature] = (new URL(upload.signedUrl, 'http://x').searchParams.get('token') ?? '').split(
      '.',
    );
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const bigger = Buffer.from(JSON.stringify({ ...claims, s: claims.s * 1000 })).toString('base64url');

    const tampered = await put(
      `/api/v0/uploads/${upload.tempFileId}?token=${bigger}.${signature}`,
      PDF_BYTES,
    );
    expect(errorOf(tampered)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: UPLOAD_LINK_INVALID_MESSAGE,
    });
    const other = await created(pdf);
    const swapped = await put(upload.signedUrl.replace(upload.tempFileId, other.tempFileId), PDF_BYTES);
    expect(swapped.statusCode).toBe(403);

    const colleague = await addMember(testApp, organization.uid, 'Editor');
    const stolen = await put(upload.signedUrl, PDF_BYTES, {}, colleague.cookie);
    expect(errorOf(stolen)).toMatchObject({ status: 403, message: UPLOAD_LINK_INVALID_MESSAGE });
    const anonymous = await put(upload.signedUrl, PDF_BYTES, {}, null);
    expect(anonymous.statusCode).toBe(401);

    advance(16 * 60 * 1000);
    const expired = await put(upload.signedUrl, PDF_BYTES);
    expect(errorOf(expired)).toEqual({ status: 410, code: 'GONE', message: UPLOAD_LINK_EXPIRED_MESSAGE });
  });

  it('enforces UPLOAD_MAX_BYTES and the announced size with 413, also while streaming a chunked body', async () => {
    const { create, created, put } = await arrange({ maxBytes: 1024 });
    const tooBig = await create({ ...pdf, byteSize: 1025 });
    expect(errorOf(tooBig)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Files must be at most 1 KB.',
    });

    const upload = await created({ ...pdf, byteSize: 100 });
    const longer = Buffer.concat([PDF_BYTES, Buffer.alloc(200, 0x20)]);
    const declaredLonger = await put(upload.signedUrl, longer);
    expect(declaredLonger.statusCode).toBe(413);

    const streamed = await created({ ...pdf, byteSize: 100 });
    const chunked = await put(streamed.signedUrl, Readable.from([PDF_BYTES, Buffer.alloc(500, 0x20)]));
    expect(errorOf(chunked)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 415 for a type not allowed, a Content-Type other than announced, or bytes of another type', async () => {
    const { create, created, put } = await arrange();
    const html = await create({ filename: 'page.html', contentType: 'text/html', byteSize: 10 });
    expect(errorOf(html)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_TYPE_MESSAGE,
    });

    const upload = await created(pdf);
    const otherHeader = await put(upload.signedUrl, PDF_BYTES, { 'content-type': 'image/png' });
    expect(errorOf(otherHeader)).toMatchObject({ status: 415, message: UPLOAD_TYPE_MISMATCH_MESSAGE });

    const png = await created({ filename: 'fake.png', contentType: 'image/png', byteSize: PDF_BYTES.length });
    const sniffed = await put(png.signedUrl, PDF_BYTES, { 'content-type': 'image/png' });
    expect(errorOf(sniffed)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_TYPE_MISMATCH_MESSAGE,
    });
    const realPng = await created({
      filename: 'real.png',
      contentType: 'image/png',
      byteSize: PNG_BYTES.length,
    });
    expect((await put(realPng.signedUrl, PNG_BYTES, { 'content-type': 'image/png' })).statusCode).toBe(200);
  });

  it('lets Admins and Editors upload, not Viewers', async () => {
    const { testApp, organization } = await arrange();
    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const refused = await call(testApp.app, 'POST', '/uploads', {
      cookie: viewer.cookie,
      organization: organization.uid,
      body: pdf,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('purges temp files nothing attached within 24 hours, with their blobs', async () => {
    const { testApp, created, put } = await arrange();
    const stale = await created(pdf);
    expect((await put(stale.signedUrl, PDF_BYTES)).statusCode).toBe(200);
    const fresh = await created(pdf);
    await testApp.db
      .update(tempFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(tempFiles.uid, stale.tempFileId));

    await testApp.app.uploads.schedulePurge();
    await testApp.app.jobs.drain();

    const left = await testApp.db.select({ uid: tempFiles.uid }).from(tempFiles);
    expect(left).toEqual([{ uid: fresh.tempFileId }]);
    expect(existsSync(path.join(testApp.config.blobDir, 'uploads', stale.tempFileId))).toBe(false);
  });
});
