import type { TMessage, TThread } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { MessageCenterPage } from '../routes/MessageCenterPage';
import { HOVER_INTENT_MS } from './usePrefetchThreadOnIntent';

const DOMAIN = 'client.dash.localhost';
const thread = (uid: string, name: string): TThread => ({
  uid,
  name,
  createdAt: '2026-11-20T10:00:00.000Z',
  provider: { uid: '55555555-5555-4555-8555-555555555555', name: 'Transfero', imageUrl: null },
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  messageCount: 1,
  unreadCount: 1,
  snippet: 'Your settlement is ready.',
});
/** The newest: a wide screen opens it at once. The other two are only in the list. */
const OPEN = thread('44444444-4444-4444-8444-444444444443', 'USDC settlement');
const FIRST = thread('44444444-4444-4444-8444-444444444444', 'BRL settlement');
const SECOND = thread('44444444-4444-4444-8444-444444444445', 'MXN settlement');
const message = (threadUid: string): TMessage => ({
  uid: '66666666-6666-4666-8666-666666666666',
  threadUid,
  from: 'ops@transfero.example',
  fromName: 'Transfero Ops',
  to: [`acme@${DOMAIN}`],
  cc: [],
  text: 'Your settlement is ready.',
  createdAt: '2026-11-20T10:00:00.000Z',
  attachments: [],
  own: false,
  delivery: 'received',
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** The Message Center (which opens the newest thread), and the requests it sends for the other two. */
async function renderList() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const path = url.pathname.replace(/^.*\/api\/v0\//, '');
      requests.push(path);
      const opened = [OPEN, FIRST, SECOND].find((candidate) => path === `messages/${candidate.uid}`);
      if (opened) {
        return json({
          data: [message(opened.uid)],
          thread: opened,
          prevCursor: null,
          nextCursor: null,
          clientMailDomain: DOMAIN,
        });
      }
      return json({
        data: [OPEN, FIRST, SECOND],
        nextCursor: null,
        mailbox: `acme@${DOMAIN}`,
        clientMailDomain: DOMAIN,
      });
    }),
  );
  await renderPage(<MessageCenterPage />, {
    url: '/org/acme/messages',
    path: '/org/acme/messages/:threadUid?',
    role: 'Viewer',
  });
  const link = await screen.findByRole('link', { name: /BRL settlement/ });
  await waitFor(() => expect(requests).toContain(`messages/${OPEN.uid}`));
  const others = [FIRST.uid, SECOND.uid];
  const threadRequests = () =>
    requests.filter((path) => others.some((uid) => path.startsWith(`messages/${uid}`)));
  return { link, threadRequests };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the conversation list fetches a thread before it is opened', () => {
  beforeAll(() => {
    // jsdom has no scrolling; the open thread's list scrolls to its newest message.
    Element.prototype.scrollTo = () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('when the mouse rests on it, once, without marking it read', async () => {
    const { link, threadRequests } = await renderList();
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    await waitFor(() => expect(threadRequests()).toEqual([`messages/${FIRST.uid}`]));
    // Resting on it again within the stale time asks for nothing more.
    fireEvent.pointerLeave(link.closest('nav') as HTMLElement);
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    await pause(HOVER_INTENT_MS * 3);
    expect(threadRequests()).toEqual([`messages/${FIRST.uid}`]);
  });

  it('not when the mouse only passes over it, nor for a touch', async () => {
    const { link, threadRequests } = await renderList();
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    fireEvent.pointerLeave(link.closest('nav') as HTMLElement);
    fireEvent.pointerOver(link, { pointerType: 'touch' });
    await pause(HOVER_INTENT_MS * 3);
    expect(threadRequests()).toEqual([]);
  });

  it('moving to another conversation fetches the one it rests on', async () => {
    const { link, threadRequests } = await renderList();
    const second = screen.getByRole('link', { name: /MXN settlement/ });
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    fireEvent.pointerOver(second, { pointerType: 'mouse' });
    await waitFor(() => expect(threadRequests()).toEqual([`messages/${SECOND.uid}`]));
  });

  it('when the keyboard focuses it', async () => {
    const { link, threadRequests } = await renderList();
    link.focus();
    await waitFor(() => expect(threadRequests()).toEqual([`messages/${FIRST.uid}`]));
  });
});
