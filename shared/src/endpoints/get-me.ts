import { z } from '@dash/shared/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, failedCall } from '../client/api-client';
import { type TSessionUser, ZMeResponse } from '../contracts/auth';

const ZAnySession = z.object({ data: z.object({ type: z.string() }).loose() });

/**
 * GET me: the signed-in user, or null without a session (401). A server or network failure
 * is thrown rather than read as "signed out", so a blip never bounces a user to sign-in.
 */
export async function getMe(signal?: AbortSignal): Promise<TSessionUser | null> {
  let answer: z.output<typeof ZAnySession>;
  try {
    answer = await apiRequest({
      path: 'me',
      response: ZAnySession,
      failure: 'catalogue.fetchSession',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  if (answer.data.type !== 'user') throw failedCall('catalogue.notUserSession', 200, 'BAD_RESPONSE');
  const session = ZMeResponse.safeParse(answer);
  if (!session.success) throw failedCall('catalogue.fetchSession', 200, 'BAD_RESPONSE');
  return session.data.data;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'] as const, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export const useMeQuery = () => useQuery(meQueryOptions());
