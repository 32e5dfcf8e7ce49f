import { z } from '@dash/shared/zod';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TBootData } from '../contracts/boot';
import { meQueryOptions } from '../endpoints/get-me';
import { apiRequest, setApiTransport } from './api-client';
import { refreshServerRenderedQueries, seedQueryCacheFromBootData } from './boot-data';
import { createQueryClient } from './query-client';

describe('the boot data', () => {
  it('seeds the session and the answers a server render fetched, so the first render needs no call', () => {
    const queryClient = createQueryClient();
    const me = { uid: 'u', email: 'a@b.c', firstName: 'Ada', lastName: '', locale: null, type: 'user' };
    const threads = { pages: [{ data: [{ uid: 't1' }], nextCursor: null }], pageParams: [undefined] };
    seedQueryCacheFromBootData(queryClient, {
      remotes: { remotes: [] },
      me,
      organizations: [],
      queries: [{ queryKey: ['organization', 'o1', 'threads'], data: threads }],
    } as unknown as TBootData);
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toEqual(me);
    expect(queryClient.getQueryData(['organization', 'o1', 'threads'])).toEqual(threads);
    expect(queryClient.getQueryState(['organization', 'o1', 'threads'])?.status).toBe('success');
    // Fresh: a query that mounts on it does not ask again inside the render that mounts it.
    const staleFor = (queryKey: readonly unknown[]) =>
      queryClient.getQueryCache().find({ queryKey })?.isStaleByTime(30_000);
    expect(staleFor(['organization', 'o1', 'threads'])).toBe(false);
    expect(staleFor(meQueryOptions().queryKey)).toBe(false);
  });

  it('asks again for the answers a server render fetched once the page is the browser’s', async () => {
    const queryClient = createQueryClient();
    const boot = {
      remotes: { remotes: [] },
      me: null,
      queries: [{ queryKey: ['organization', 'o1', 'threads'], data: { page: 'server' } }],
    } as unknown as TBootData;
    seedQueryCacheFromBootData(queryClient, boot);
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['organization', 'o1', 'threads'],
      queryFn: async () => {
        calls += 1;
        return { page: 'browser' };
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      // Mounted on the server's answer: no call.
      expect(calls).toBe(0);
      expect(observer.getCurrentResult().isFetching).toBe(false);
      refreshServerRenderedQueries(queryClient, boot);
      await vi.waitFor(() =>
        expect(queryClient.getQueryData(['organization', 'o1', 'threads'])).toEqual({ page: 'browser' }),
      );
      expect(calls).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});

describe('the API transport', () => {
  it('sends calls through the one set (the server render’s in-process API), parsed as ever', async () => {
    const seen: string[] = [];
    setApiTransport(async (url, init) => {
      seen.push(`${init.method} ${url} ${new Headers(init.headers).get('x-organization-uid')}`);
      return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
    });
    try {
      const answer = await apiRequest({
        path: 'messages',
        organizationUid: 'o1',
        response: z.object({ ok: z.number() }),
        failure: 'catalogue.fetchThreads',
      });
      expect(answer).toEqual({ ok: 1 });
      expect(seen).toEqual(['GET /api/v0/messages o1']);
    } finally {
      setApiTransport((url, init) => fetch(url, init));
    }
  });
});
