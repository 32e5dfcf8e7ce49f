import { codedMessage, failedCall, uploadRequest } from '@dash/shared';
import { useMutation } from '@tanstack/react-query';
import { type TUploadedFile, uploadContentTypeOf, ZUploadedFileResponse } from '../contracts/uploads';
import { createUpload } from './create-upload';

/** PUT signedUrl: the file's bytes with its content type (the browser sets the length). */
export async function putUploadBytes(
  signedUrl: string,
  file: Blob,
  contentType: string,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TUploadedFile> {
  const answer = await uploadRequest({
    url: signedUrl,
    method: 'PUT',
    body: file,
    contentType,
    response: ZUploadedFileResponse,
    failure: 'catalogue.uploadFile',
    onProgress,
    signal,
  });
  return answer.data;
}

/** Both steps of an upload: POST uploads, then PUT the bytes to the signed URL. */
export async function uploadFile(
  organizationUid: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TUploadedFile> {
  const contentType = uploadContentTypeOf(file);
  if (!contentType)
    throw failedCall(
      'catalogue.uploadFile',
      0,
      'UNSUPPORTED_MEDIA_TYPE',
      codedMessage('messages.attachmentTypeUnsupported'),
    );
  const { signedUrl } = await createUpload(
    organizationUid,
    { filename: file.name, contentType, byteSize: file.size },
    signal,
  );
  return putUploadBytes(signedUrl, file, contentType, onProgress, signal);
}

export function useUploadFileMutation(organizationUid: string) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(organizationUid, file, onProgress),
  });
}
