import { createHmac, randomBytes } from 'node:crypto';
import {
  INBOUND_EMAIL_CONTENT_TYPE,
  INBOUND_SIGNATURE_HEADER,
  ZCreateUploadResponse,
  ZInboundEmailResponse,
  ZThreadMessagesResponse,
  ZThreadsResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { providerAddresses, providers } from '../db/schema';
import { type ComposedMail, composeMail } from '../modules/messages/mime';
import type { TestApp } from './app';
import { call } from './http';

/** A provider writing from these addresses. */
export async function createProvider(
  db: Database,
  name = 'Transfero',
  addresses = [`ops-${randomBytes(3).toString('hex')}@${name.toLowerCase()}.example`],
) {
  const [provider] = await db.insert(providers).values({ name, imageUrl: null }).returning();
  if (!provider) throw new Error('no provider');
  await db
    .insert(providerAddresses)
    .values(addresses.map((address) => ({ address, providerUid: provider.uid })));
  return { ...provider, addresses };
}

export function inboundSignature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POST inbound/email with the raw mail, signed with the configured secret (or `signature`). */
export function postInbound(
  { app, config }: TestApp,
  raw: Buffer,
  options: { signature?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v0/inbound/email',
    headers: {
      'content-type': INBOUND_EMAIL_CONTENT_TYPE,
      [INBOUND_SIGNATURE_HEADER]: options.signature ?? inboundSignature(config.messages.inboundSecret, raw),
    },
    payload: raw,
  });
}

/** Composes the mail and delivers it through the webhook; expects it stored and returns the delivery. */
export async function deliver(testApp: TestApp, mail: ComposedMail) {
  const response = await postInbound(testApp, await composeMail(mail));
  expect(response.statusCode, response.body).toBe(200);
  const [delivery] = ZInboundEmailResponse.parse(response.json()).data;
  if (!delivery) throw new Error('no delivery');
  return delivery;
}

export async function threadsOf(app: FastifyInstance, cookie: string, organization: string, query = '') {
  const response = await call(app, 'GET', `/messages${query}`, { cookie, organization });
  expect(response.statusCode, response.body).toBe(200);
  return ZThreadsResponse.parse(response.json());
}

export async function threadPage(
  app: FastifyInstance,
  cookie: string,
  organization: string,
  threadUid: string,
  query = '',
) {
  const response = await call(app, 'GET', `/messages/${threadUid}${query}`, { cookie, organization });
  expect(response.statusCode, response.body).toBe(200);
  return ZThreadMessagesResponse.parse(response.json());
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** POST uploads then PUT the bytes to the signed URL; returns the temp file id. */
export async function uploadFile(
  app: FastifyInstance,
  cookie: string,
  organization: string,
  file: { filename: string; contentType: string; bytes: Buffer },
): Promise<string> {
  const created = await call(app, 'POST', '/uploads', {
    cookie,
    organization,
    body: { filename: file.filename, contentType: file.contentType, byteSize: file.bytes.length },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { tempFileId, signedUrl } = ZCreateUploadResponse.parse(created.json()).data;
  const put = await app.inject({
    method: 'PUT',
    url: signedUrl,
    headers: { cookie, 'content-type': file.contentType },
    payload: file.bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return tempFileId;
}
