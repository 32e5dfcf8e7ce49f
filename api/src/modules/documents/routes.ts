import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  ZCreateDocumentRequest,
  ZDocumentResponse,
  ZDocumentsResponse,
  ZUid,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import {
  ORGANIZATION_NOT_FOUND_MESSAGE,
  requireOrganization,
  requireOrganizationByUid,
  requireUser,
} from '../../http/guards';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { type DocumentService, downloadHeaders } from './service';

export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/documents',
    summary: "The organization's documents (KYB ones and others), newest first",
    guard: (request) => requireOrganization(request, 'documents.read'),
    response: ZDocumentsResponse,
    async handler({ auth }) {
      return { data: await deps.documents.list(auth.organization.uid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents',
    status: 201,
    summary: "Add a document from an uploaded file (POST uploads with purpose 'document', then PUT)",
    guard: (request) => requireOrganization(request, 'documents.upload'),
    body: ZCreateDocumentRequest,
    response: ZDocumentResponse,
    async handler({ auth, body }) {
      return { data: await deps.documents.create(auth, body) };
    },
  });

  // A plain link (the browser sends no organization header), so the organization is in the path.
  documentRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/documents/:documentUid',
    summary: 'Download a document (members only; a link, so the organization is in the path)',
    responses: {
      200: { contentType: 'application/octet-stream', description: 'The file, as an attachment' },
    },
  });
  app.get('/organizations/:organizationUid/documents/:documentUid', async (request, reply) => {
    const { organizationUid, documentUid } = request.params as Record<string, string>;
    const organization = ZUid.safeParse(organizationUid);
    if (!organization.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', ORGANIZATION_NOT_FOUND_MESSAGE);
    }
    await requireOrganizationByUid(request, organization.data, 'documents.read');
    const document = ZUid.safeParse(documentUid);
    if (!document.success) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND_MESSAGE);
    const file = await deps.documents.download(organization.data, document.data);
    return reply.headers(downloadHeaders(file)).send(file.body);
  });
}
