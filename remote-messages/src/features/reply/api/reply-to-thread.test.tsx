import type { TMessage } from '@dash/shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { threadMessagesQueryOptions } from '../../conversation/api/get-thread-messages';
import { useReplyToThreadMutation } from './reply-to-thread';

const ORG = '11111111-1111-4111-8111-111111111111';
const THREAD = '44444444-4444-4444-8444-444444444441';
const REPLY: TMessage = {
  uid: '55555555-5555-4555-8555-555555555551',
  threadUid: THREAD,
  from: 'acme@x.example',
  fromName: null,
  to: ['ops@transfero.example'],
  cc: [],
  text: 'Thanks',
  createdAt: '2026-11-20T10:00:00.000Z',
  attachments: [],
  own: true,
  delivery: 'sending',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a reply', () => {
  it('is a success once stored, even when the thread cannot be read again just after (it is asked again later)', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^.*\/api\/v0\//, '');
        requests.push(`${init?.method ?? 'GET'} ${path}`);
        if (init?.method === 'POST') return new Response(JSON.stringify({ data: REPLY }), { status: 201 });
        return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), {
          status: 503,
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryKey } = threadMessagesQueryOptions(ORG, THREAD);
    // The thread is open: its pages are in the cache, so the reply refreshes them.
    queryClient.setQueryData(queryKey, { pages: [], pageParams: [] } as never);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useReplyToThreadMutation(ORG, THREAD), { wrapper });

    act(() => result.current.mutate({ content: 'Thanks', attachments: [] }));

    await waitFor(() => expect(result.current.isSuccess || result.current.isError).toBe(true));
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toEqual(REPLY);
    expect(requests).toContain(`GET messages/${THREAD}`);
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
