import { apiRequest } from '@dash/shared';
import { type TWebhookEndpoint, ZWebhookEndpointsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET webhooks/endpoints: the organization's webhook endpoints, newest first (Admins). */
export async function getWebhookEndpoints(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TWebhookEndpoint[]> {
  const answer = await apiRequest({
    path: 'webhooks/endpoints',
    organizationUid,
    response: ZWebhookEndpointsResponse,
    failure: 'catalogue.fetchWebhookEndpoints',
    signal,
  });
  return answer.data;
}

/** Every webhook query of the organization starts with this key (the event stream refreshes them all). */
export const webhooksKey = (organizationUid: string) =>
  ['organization', organizationUid, 'webhooks'] as const;

export const webhookEndpointsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: [...webhooksKey(organizationUid), 'endpoints'] as const,
    queryFn: ({ signal }) => getWebhookEndpoints(organizationUid, signal),
  });

export const useWebhookEndpointsQuery = (organizationUid: string, refetchInterval: number | false = false) =>
  useQuery({ ...webhookEndpointsQueryOptions(organizationUid), refetchInterval });
