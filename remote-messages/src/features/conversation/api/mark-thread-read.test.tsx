import type { TThread } from '@dash/shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { threadsQueryOptions, useThreadsQuery } from '../../threads/api/get-threads';
import { threadShownUnread, useMarkThreadReadMutation } from './mark-thread-read';

const ORG = '11111111-1111-4111-8111-111111111111';
const thread = (n: number, unreadCount: number): TThread => ({
  uid: `44444444-4444-4444-8444-44444444444${n}`,
  name: `Thread ${n}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  provider: null,
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  messageCount: 3,
  unreadCount,
  snippet: 'Your settlement is ready.',
});
const A = thread(1, 2);
const B = thread(2, 1);

/**
 * The server: the list as it is (A's unread count drops once a read of it is done), a read answered
 * with `readStatus`, a list answered `listDelay` ms after it is asked for, with what the server had
 * then; and how many lists it was asked for.
 */
function server({ readStatus = 204, listDelay = 0 } = {}) {
  const requests: string[] = [];
  let unreadOfA = A.unreadCount;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^.*\/api\/v0\//, '');
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === `messages/${A.uid}/read`) {
        if (readStatus === 204) unreadOfA = 0;
        return readStatus === 204
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), {
              status: readStatus,
            });
      }
      const answer = { ...A, unreadCount: unreadOfA };
      await new Promise((resolve) => setTimeout(resolve, listDelay));
      return new Response(
        JSON.stringify({
          data: [answer, B],
          nextCursor: null,
          mailbox: 'acme@x.example',
          clientMailDomain: 'x.example',
        }),
        { status: 200 },
      );
    }),
  );
  return { lists: () => requests.filter((request) => request === 'GET messages').length };
}

async function mounted() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ list: useThreadsQuery(ORG), read: useMarkThreadReadMutation(ORG) }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.list.data).toBeDefined());
  const unreadOf = (uid: string) =>
    result.current.list.data?.pages[0]?.data.find((item) => item.uid === uid)?.unreadCount;
  return { queryClient, result, unreadOf };
}

describe('reading a thread', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears its dot at once and asks for the list no more when the read is confirmed', async () => {
    const { lists } = server();
    const { result, unreadOf, queryClient } = await mounted();
    expect(lists()).toBe(1);
    expect(threadShownUnread(queryClient, ORG, A.uid)).toBe(true);

    act(() => result.current.read.mutate(A.uid));
    await waitFor(() => expect(unreadOf(A.uid)).toBe(0));
    await waitFor(() => expect(result.current.read.isSuccess).toBe(true));
    expect(unreadOf(B.uid)).toBe(1);
    expect(lists()).toBe(1);
    expect(threadShownUnread(queryClient, ORG, A.uid)).toBe(false);
    expect(threadShownUnread(queryClient, ORG, B.uid)).toBe(true);
  });

  it('asks for the list again when an answer on its way may predate the read', async () => {
    const { lists } = server({ listDelay: 50 });
    const { result, unreadOf, queryClient } = await mounted();
    // A refresh of the list is out (its answer arrives after the read is confirmed).
    act(() => void queryClient.invalidateQueries({ queryKey: threadsQueryOptions(ORG).queryKey }));
    act(() => result.current.read.mutate(A.uid));
    await waitFor(() => expect(result.current.read.isSuccess).toBe(true));
    expect(lists()).toBe(3);
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(unreadOf(A.uid)).toBe(0);
  });

  it('puts the dot back as the server has it when the read fails', async () => {
    const { lists } = server({ readStatus: 503 });
    const { result, unreadOf } = await mounted();
    act(() => result.current.read.mutate(A.uid));
    await waitFor(() => expect(result.current.read.isError).toBe(true));
    await waitFor(() => expect(lists()).toBe(2));
    await waitFor(() => expect(unreadOf(A.uid)).toBe(2));
  });
});
