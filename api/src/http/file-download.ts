import type { Readable } from 'node:stream';
import { codedMessage, type TPermission, ZUid } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, type TAppMessage } from './errors';
import { ORGANIZATION_IN_PATH_ACCESS, requireOrganizationByUid, requireUser } from './guards';
import { documentRoute } from './openapi';

/** A stored file on its way to the browser (a message attachment, an organization document). */
export interface FileDownload {
  filename: string;
  contentType: string;
  byteSize: number;
  body: Readable;
}

/** A safe Content-Type for a download: a plain type/subtype token, else octet-stream. */
export function downloadContentType(value: string): string {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(value)
    ? value.toLowerCase()
    : 'application/octet-stream';
}

/** `attachment; filename="ascii"; filename*=UTF-8''encoded` (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Always an attachment, never rendered on our origin, never kept by a shared cache. */
export function downloadHeaders(file: FileDownload): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-length': String(file.byteSize),
    'content-disposition': contentDisposition(file.filename),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  };
}

/**
 * GET /organizations/{organizationUid}/{collection}/{fileUid}: a plain link to one of an
 * organization's files (a browser following a link sends no organization header, so the
 * organization is in the path). Members with the permission only: 401 anonymous, 404 for anyone
 * else and for a malformed or unknown id, so nobody can probe what exists.
 */
export function defineOrganizationFileLink(
  app: FastifyInstance,
  spec: {
    collection: string;
    summary: string;
    permission: TPermission;
    notFoundMessage: TAppMessage;
    load(organizationUid: string, fileUid: string): Promise<FileDownload>;
  },
): void {
  const url = `/organizations/:organizationUid/${spec.collection}/:fileUid`;
  documentRoute(app, {
    method: 'GET',
    url,
    summary: spec.summary,
    access: ORGANIZATION_IN_PATH_ACCESS,
    messageCodes: [spec.notFoundMessage.code],
    responses: {
      200: { contentType: 'application/octet-stream', description: 'The file, as an attachment' },
    },
  });
  app.get(url, async (request, reply) => {
    const { organizationUid, fileUid } = request.params as Record<string, string>;
    const organization = ZUid.safeParse(organizationUid);
    if (!organization.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
    }
    await requireOrganizationByUid(request, organization.data, spec.permission);
    const file = ZUid.safeParse(fileUid);
    if (!file.success) throw new AppError('NOT_FOUND', spec.notFoundMessage);
    const download = await spec.load(organization.data, file.data);
    return reply.headers(downloadHeaders(download)).send(download.body);
  });
}
