import {
  codedMessage,
  ZCreateDocumentRequest,
  ZDocumentResponse,
  ZDocumentsResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { defineOrganizationFileLink } from '../../http/file-download';
import { organizationGuard } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { DocumentService } from './service';

export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/documents',
    summary: "The organization's documents (KYB ones and others), newest first",
    guard: organizationGuard('documents.read'),
    response: ZDocumentsResponse,
    async handler({ auth }) {
      return { data: await deps.documents.list(auth.organization.uid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents',
    messageCodes: [
      'messages.attachmentGone',
      'messages.documentType',
      'messages.documentTooLarge',
      'messages.kybNotEditable',
      'messages.kybOwnerNotFound',
    ],
    status: 201,
    summary: "Add a document from an uploaded file (POST uploads with purpose 'document', then PUT)",
    guard: organizationGuard('documents.upload'),
    body: ZCreateDocumentRequest,
    response: ZDocumentResponse,
    async handler({ auth, body }) {
      return { data: await deps.documents.create(auth, body) };
    },
  });

  defineOrganizationFileLink(app, {
    collection: 'documents',
    summary: 'Download a document (members only; a link, so the organization is in the path)',
    permission: 'documents.read',
    notFoundMessage: codedMessage('messages.documentNotFound'),
    load: (organizationUid, documentUid) => deps.documents.download(organizationUid, documentUid),
  });
}
