import { apiRequest } from '@dash/shared';
import { type TWebhookDeliveriesResponse, ZWebhookDeliveriesResponse } from '@dash/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { webhooksKey } from './get-webhook-endpoints';

/** GET webhooks/endpoints/{endpointUid}/deliveries: one page of an endpoint's log, newest first. */
export function getWebhookDeliveries(
  organizationUid: string,
  endpointUid: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TWebhookDeliveriesResponse> {
  const search = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}/deliveries${search}`,
    organizationUid,
    response: ZWebhookDeliveriesResponse,
    failure: 'catalogue.fetchWebhookDeliveries',
    signal,
  });
}

export const webhookDeliveriesQueryOptions = (
  organizationUid: string,
  endpointUid: string,
  cursor: string | undefined,
) =>
  queryOptions({
    queryKey: [...webhooksKey(organizationUid), 'deliveries', endpointUid, cursor ?? null] as const,
    queryFn: ({ signal }) => getWebhookDeliveries(organizationUid, endpointUid, cursor, signal),
  });

export const useWebhookDeliveriesQuery = (
  organizationUid: string,
  endpointUid: string,
  cursor: string | undefined,
  refetchInterval: number | false = false,
) =>
  useQuery({
    ...webhookDeliveriesQueryOptions(organizationUid, endpointUid, cursor),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
