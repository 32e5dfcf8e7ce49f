import { apiRequest, codedMessage, failedCall } from '@dash/shared';
import {
  createUpload,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  putUploadBytes,
  type TCreateDocumentRequest,
  type TDocument,
  type TDocumentKind,
  uploadContentTypeOf,
  ZDocumentResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryOptions } from './get-documents';

/** POST documents: adds an uploaded temp file to the organization's documents. */
export async function createDocument(
  organizationUid: string,
  body: TCreateDocumentRequest,
): Promise<TDocument> {
  const answer = await apiRequest({
    path: 'documents',
    method: 'POST',
    body,
    organizationUid,
    response: ZDocumentResponse,
    failure: 'catalogue.uploadDocument',
  });
  return answer.data;
}

/** The three steps of a document: POST uploads (purpose 'document'), PUT the bytes, POST documents. */
export async function uploadDocument(
  organizationUid: string,
  input: { file: File; kind: TDocumentKind; ownerId?: string },
): Promise<TDocument> {
  const contentType = uploadContentTypeOf(input.file);
  if (!contentType || !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(contentType))
    throw failedCall(
      'catalogue.uploadDocument',
      0,
      'UNSUPPORTED_MEDIA_TYPE',
      codedMessage('messages.documentType'),
    );
  if (input.file.size > DOCUMENT_MAX_BYTES)
    throw failedCall(
      'catalogue.uploadDocument',
      0,
      'PAYLOAD_TOO_LARGE',
      codedMessage('messages.documentTooLarge'),
    );
  const { tempFileId, signedUrl } = await createUpload(organizationUid, {
    purpose: 'document',
    filename: input.file.name,
    contentType,
    byteSize: input.file.size,
  });
  await putUploadBytes(signedUrl, input.file, contentType);
  return createDocument(organizationUid, {
    tempFileId,
    kind: input.kind,
    ...(input.ownerId ? { ownerId: input.ownerId } : {}),
  });
}

export function useUploadDocumentMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; kind: TDocumentKind; ownerId?: string }) =>
      uploadDocument(organizationUid, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: documentsQueryOptions(organizationUid).queryKey }),
  });
}
