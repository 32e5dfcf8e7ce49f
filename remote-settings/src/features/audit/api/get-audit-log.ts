import { apiRequest } from '@dash/shared';
import { auditPath, type TAuditQuery, type TAuditResponse, ZAuditResponse } from '@dash/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET organizations/{orgUid}/audit: one page of the organization's audit log, newest first (Admins). */
export function getAuditLog(
  organizationUid: string,
  query: Partial<TAuditQuery>,
  signal?: AbortSignal,
): Promise<TAuditResponse> {
  return apiRequest({
    path: auditPath(organizationUid, query),
    response: ZAuditResponse,
    failure: 'catalogue.fetchAuditLog',
    signal,
  });
}

export const auditLogQueryOptions = (organizationUid: string, query: Partial<TAuditQuery>) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'audit', query] as const,
    queryFn: ({ signal }) => getAuditLog(organizationUid, query, signal),
  });

export const useAuditLogQuery = (organizationUid: string, query: Partial<TAuditQuery>) =>
  useQuery({ ...auditLogQueryOptions(organizationUid, query), placeholderData: keepPreviousData });
