import type { TMessage, TThreadMessagesResponse } from '@dash/shared/api';
import { describe, expect, it } from 'vitest';
import { mergeNewestThreadPage, type TThreadMessagesData, threadMessagesOf } from './get-thread-messages';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number, delivery: TMessage['delivery'] = 'received'): TMessage => ({
  uid: uid(n),
  threadUid: uid(0),
  from: 'ops@transfero.example',
  fromName: null,
  to: ['acme@client.dash.localhost'],
  cc: [],
  text: `message ${n}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  attachments: [],
  own: false,
  delivery,
});
const page = (from: number, to: number, prevCursor: string | null): TThreadMessagesResponse => ({
  data: Array.from({ length: to - from + 1 }, (_, index) => message(from + index)),
  thread: {
    uid: uid(0),
    name: 'Settlement',
    createdAt: '2026-01-01T00:00:00.000Z',
    provider: null,
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    messageCount: to,
    unreadCount: 0,
    snippet: '',
  },
  prevCursor,
  nextCursor: null,
  clientMailDomain: 'client.dash.localhost',
});
const texts = (data: TThreadMessagesData) => threadMessagesOf(data).map((item) => item.text);

describe('a thread loaded backwards from its newest page', () => {
  // Messages 1..30 loaded as two pages: 21..30 (newest, first) and 11..20 (older).
  const loaded: TThreadMessagesData = {
    pages: [page(21, 30, 'before-21'), page(11, 20, 'before-11')],
    pageParams: [undefined, 'before-21'],
  };

  it('reads oldest first across pages', () => {
    expect(texts(loaded)).toEqual(Array.from({ length: 20 }, (_, index) => `message ${index + 11}`));
  });

  it('merges a fresh newest page that overlaps what is loaded, keeping older pages and their cursor', () => {
    const fresh = page(23, 32, 'before-23');
    const merged = mergeNewestThreadPage(loaded, fresh);
    expect(texts(merged)).toEqual(Array.from({ length: 22 }, (_, index) => `message ${index + 11}`));
    expect(merged.pages[0]?.prevCursor).toBe('before-21');
    expect(merged.pageParams).toEqual(loaded.pageParams);
  });

  it('replaces loaded messages by their fresh versions (a reply that was sent meanwhile)', () => {
    const fresh = page(21, 30, 'before-21');
    fresh.data[9] = message(30, 'sent');
    const merged = mergeNewestThreadPage(
      {
        ...loaded,
        pages: [{ ...page(21, 30, 'before-21'), data: [...page(21, 29, null).data, message(30, 'sending')] }],
      },
      fresh,
    );
    expect(threadMessagesOf(merged).at(-1)?.delivery).toBe('sent');
    expect(threadMessagesOf(merged)).toHaveLength(10);
  });

  it('starts again from the fresh page when it does not reach the loaded messages', () => {
    const fresh = page(41, 50, 'before-41');
    const merged = mergeNewestThreadPage(loaded, fresh);
    expect(texts(merged)).toEqual(fresh.data.map((item) => item.text));
    expect(merged.pageParams).toEqual([undefined]);
  });
});
