import {
  codedMessage,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentDownloadPath,
  english,
  KYB_EDITABLE_STATUSES,
  type TCreateDocumentRequest,
  type TDocument,
  type TOrganization,
  type TOrganizationEvent,
  type TUser,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../blobs/store';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { downloadContentType, type FileDownload } from '../../http/file-download';
import { recordAudit, userActor } from '../audit/index';
import { lockOrCreateApplication } from '../kyb/index';
import type { UploadService } from '../uploads/index';
import { type DocumentRow, findDocument, insertDocument, listDocuments } from './repo';

export const OWNER_NOT_FOUND_MESSAGE = english('messages.kybOwnerNotFound');

/** A document as an answer; `downloadPath` builds its link (members' or operators'). */
export function toDocument(
  row: DocumentRow,
  downloadPath: (organizationUid: string, documentUid: string) => string = documentDownloadPath,
): TDocument {
  return {
    uid: row.uid,
    kind: row.kind,
    ownerId: row.ownerId,
    name: row.name,
    byteSize: row.byteSize,
    contentType: row.contentType,
    uploadedBy: { uid: row.uploaderUserUid, email: row.uploaderEmail },
    createdAt: row.createdAt.toISOString(),
    downloadUrl: downloadPath(row.organizationUid, row.uid),
  };
}

export type DocumentDownload = FileDownload;

export type DocumentService = ReturnType<typeof createDocumentService>;

/**
 * The organization's documents: KYB documents and any other file members keep there. The bytes
 * arrive through the signed upload flow (purpose 'document'); adding a document takes the temp file.
 */
export function createDocumentService(deps: {
  db: Database;
  blobs: BlobStore;
  uploads: UploadService;
  events: EventBus;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;

  async function publish(organizationUid: string, event: TOrganizationEvent): Promise<void> {
    try {
      await deps.events.publish(organizationUid, event);
    } catch (error) {
      log.error({ err: error, organizationUid, event }, 'Publishing an event failed');
    }
  }

  return {
    async list(organizationUid: string): Promise<TDocument[]> {
      return (await listDocuments(db, organizationUid)).map((row) => toDocument(row));
    },

    /**
     * Adds a document from an uploaded temp file. KYB kinds change the application, so they follow
     * its rule (409 once submitted); an owner's id names an owner of the application.
     */
    async create(
      context: { user: TUser; organization: TOrganization },
      input: TCreateDocumentRequest,
    ): Promise<TDocument> {
      const organizationUid = context.organization.uid;
      const row = await db.transaction(async (tx) => {
        if (input.kind !== 'other') {
          const application = await lockOrCreateApplication(tx, organizationUid);
          if (!KYB_EDITABLE_STATUSES.includes(application.status)) {
            throw new AppError('CONFLICT', codedMessage('messages.kybNotEditable'));
          }
          if (
            input.kind === 'owner_id' &&
            !(application.data.beneficialOwners ?? []).some((owner) => owner.id === input.ownerId)
          ) {
            throw new AppError('VALIDATION', codedMessage('messages.kybOwnerNotFound'), {
              ownerId: codedMessage('messages.kybOwnerNotFound'),
            });
          }
        }
        let taken: Awaited<ReturnType<UploadService['take']>>;
        try {
          taken = await deps.uploads.take(tx, { organizationUid, userUid: context.user.uid }, [
            input.tempFileId,
          ]);
        } catch (error) {
          if (error instanceof AppError)
            throw new AppError(error.code, error.messageCode, { tempFileId: error.messageCode });
          throw error;
        }
        const file = taken.get(input.tempFileId);
        if (!file) throw new Error('A taken temp file is missing');
        // A temp file uploaded for something else (a reply attachment) may be of another type or size.
        if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.contentType)) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', codedMessage('messages.documentType'), {
            tempFileId: codedMessage('messages.documentType'),
          });
        }
        if (file.byteSize > DOCUMENT_MAX_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.documentTooLarge'), {
            tempFileId: codedMessage('messages.documentTooLarge'),
          });
        }
        const document = await insertDocument(tx, {
          organizationUid,
          kind: input.kind,
          ownerId: input.kind === 'owner_id' ? (input.ownerId ?? null) : null,
          name: file.filename,
          byteSize: file.byteSize,
          contentType: file.contentType,
          blobKey: file.blobKey,
          uploaderUserUid: context.user.uid,
          uploaderEmail: context.user.email,
        });
        await recordAudit(tx, {
          organizationUid,
          actor: userActor(context.user),
          action: 'document.uploaded',
          subjectType: 'document',
          subjectUid: document.uid,
          data: { kind: document.kind, name: document.name, byteSize: document.byteSize },
        });
        return document;
      });
      await publish(organizationUid, { type: 'document.created', documentUid: row.uid });
      return toDocument(row);
    },

    /** A document of the organization with a stream of its bytes (404 otherwise). */
    async download(organizationUid: string, documentUid: string): Promise<DocumentDownload> {
      const row = await findDocument(db, { organizationUid, documentUid });
      if (!row) throw new AppError('NOT_FOUND', codedMessage('messages.documentNotFound'));
      const blob = await deps.blobs.get(row.blobKey);
      if (!blob) {
        log.error({ documentUid, blobKey: row.blobKey }, 'Document blob missing');
        throw new AppError('NOT_FOUND', codedMessage('messages.documentNotFound'));
      }
      return {
        filename: row.name,
        contentType: downloadContentType(row.contentType),
        byteSize: blob.byteSize,
        body: blob.body,
      };
    },
  };
}
