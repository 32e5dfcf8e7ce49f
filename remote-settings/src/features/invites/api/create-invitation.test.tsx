import { overviewQueryOptions, type TInvitation } from '@dash/shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreateInvitationMutation } from './create-invitation';

const ORG = '11111111-1111-4111-8111-111111111111';
const INVITATION: TInvitation = {
  uid: '22222222-2222-4222-8222-222222222222',
  email: 'bruno@example.com',
  role: 'Editor',
  invitedBy: 'Ana Souza',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('an invitation sent', () => {
  it("makes the overview stale: its checklist's 'Invite a teammate' is done", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: INVITATION }), { status: 201 })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryKey } = overviewQueryOptions(ORG);
    queryClient.setQueryData(queryKey, {} as never);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCreateInvitationMutation(ORG), { wrapper });
    act(() => result.current.mutate({ email: 'bruno@example.com', role: 'Editor' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
