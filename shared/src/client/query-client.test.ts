import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

describe('the QueryClient defaults', () => {
  it('retries a failed query 3 times', () => {
    const serverFault = new ApiError('x', 503, 'INTERNAL');
    expect([0, 1, 2].map((count) => shouldRetryQuery(count, serverFault))).toEqual([true, true, true]);
    expect(shouldRetryQuery(3, serverFault)).toBe(false);
  });

  it('does not retry answers that cannot change: bad input, no session, no access', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(shouldRetryQuery(0, new ApiError('x', status, 'VALIDATION'))).toBe(false);
    }
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60 * 1000);
  });
});
