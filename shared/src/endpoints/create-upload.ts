import { apiRequest } from '@dash/shared';
import { type TCreateUploadRequest, type TUploadResult, ZCreateUploadResponse } from '../contracts/uploads';

/** POST uploads: announces a file (name, type, size) and answers where to PUT its bytes. */
export async function createUpload(
  organizationUid: string,
  body: TCreateUploadRequest,
  signal?: AbortSignal,
): Promise<TUploadResult> {
  const answer = await apiRequest({
    path: 'uploads',
    method: 'POST',
    body,
    organizationUid,
    response: ZCreateUploadResponse,
    failure: 'catalogue.uploadFile',
    signal,
  });
  return answer.data;
}
