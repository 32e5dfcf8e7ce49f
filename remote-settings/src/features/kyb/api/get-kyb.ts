import { apiRequest, myOrganizationsQueryOptions, useOrganizationEvents } from '@dash/shared';
import { type TKybApplication, ZKybApplicationResponse } from '@dash/shared/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsQueryOptions } from '../../documents/api/get-documents';
import { organizationQueryOptions } from '../../organization/api/get-organization';
import { kybTimelineQueryOptions } from './get-kyb-timeline';

/** GET kyb: the organization's KYB application (NotStarted when there is none). */
export async function getKyb(organizationUid: string, signal?: AbortSignal): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: 'kyb',
    organizationUid,
    response: ZKybApplicationResponse,
    failure: 'catalogue.fetchKyb',
    signal,
  });
  return answer.data;
}

export const kybQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'kyb'] as const,
    queryFn: ({ signal }) => getKyb(organizationUid, signal),
  });

export const useKybQuery = (organizationUid: string) => useQuery(kybQueryOptions(organizationUid));

/** After the application changed: it, its history and the organization (approvalStatus) are stale. */
export function invalidateKyb(
  queryClient: ReturnType<typeof useQueryClient>,
  organizationUid: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: kybQueryOptions(organizationUid).queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: kybTimelineQueryOptions(organizationUid).queryKey }),
    queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
    queryClient.invalidateQueries({
      queryKey: organizationQueryOptions(organizationUid).queryKey,
      exact: true,
    }),
  ]);
}

/**
 * Keeps the KYB application, its history, the documents and the organization's approvalStatus live
 * from the event stream (an operator's decision, a colleague's upload).
 */
export function useKybLiveUpdates(organizationUid: string): void {
  const queryClient = useQueryClient();
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'kyb.updated') void invalidateKyb(queryClient, organizationUid);
      if (event.type === 'document.created')
        void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(organizationUid).queryKey });
    },
    onResync: () => {
      void invalidateKyb(queryClient, organizationUid);
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(organizationUid).queryKey });
    },
  });
}
