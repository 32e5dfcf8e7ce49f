import { randomBytes } from 'node:crypto';
import { API_PREFIX, ORGANIZATION_HEADER } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';

export interface FormPart {
  name: string;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----dash-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 PNG, and the first bytes of a JPEG and a WebP (the server sniffs only the start). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF rest of a jpeg'),
]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 data'),
]);
export const GIF = Buffer.from('GIF89a\u0001\u0000\u0001\u0000');

/** POST organization/avatar with one file in the given field (default `avatar`). */
export function uploadAvatar(
  app: FastifyInstance,
  options: {
    cookie?: string;
    organization?: string;
    file?: Buffer;
    field?: string;
    filename?: string;
    headers?: Record<string, string>;
  },
) {
  const { payload, contentType } = multipartBody([
    {
      name: options.field ?? 'avatar',
      filename: options.filename ?? 'logo.png',
      contentType: 'image/png',
      data: options.file ?? PNG,
    },
  ]);
  const headers: Record<string, string> = { 'content-type': contentType, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.organization) headers[ORGANIZATION_HEADER] = options.organization;
  return app.inject({ method: 'POST', url: `${API_PREFIX}/organization/avatar`, headers, payload });
}
