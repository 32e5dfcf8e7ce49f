import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_DELAY_CAP_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** Exponential backoff (1 s, 2 s, 4 s, ...) capped at 30 s (spec section 9). */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, QUERY_RETRY_DELAY_CAP_MS);
}

/** Retry up to 3 times, except for answers that cannot change on retry (4xx: bad input, no access). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
