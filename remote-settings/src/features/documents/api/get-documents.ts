import { apiRequest } from '@dash/shared';
import { type TDocument, ZDocumentsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET documents: every document of the organization, newest first. */
export async function getDocuments(organizationUid: string, signal?: AbortSignal): Promise<TDocument[]> {
  const answer = await apiRequest({
    path: 'documents',
    organizationUid,
    response: ZDocumentsResponse,
    failure: 'catalogue.fetchDocuments',
    signal,
  });
  return answer.data;
}

export const documentsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'documents'] as const,
    queryFn: ({ signal }) => getDocuments(organizationUid, signal),
  });

export const useDocumentsQuery = (organizationUid: string) =>
  useQuery(documentsQueryOptions(organizationUid));
