import { PERMISSION_DENIED_MESSAGE, setLocale, type TRole } from '@dash/shared';
import type { TThread } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { CLIENT_MAIL_DOMAIN, messageFixture, threadFixture } from '../../../test/fixtures';
import { MessageCenterPage } from '../../threads/routes/MessageCenterPage';

const DOMAIN = CLIENT_MAIL_DOMAIN;
const THREAD = threadFixture();
const MESSAGE = messageFixture(THREAD);
const MISSING_UID = '00000000-0000-4000-8000-000000000000';
const BROKEN_UID = '99999999-9999-4999-8999-999999999999';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/**
 * The Message Center opened on `threadUid`, as an Admin (who may reply) unless told, with the API's
 * answers; the organization's conversations are `threads`.
 */
async function openThread(
  threadUid: string,
  { role = 'Admin', threads = [THREAD] }: { role?: TRole; threads?: TThread[] } = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      const path = url.replace(/^.*\/api\/v0\//, '');
      if (path === `messages/${THREAD.uid}`) {
        return answer(200, {
          data: [MESSAGE],
          thread: THREAD,
          prevCursor: null,
          nextCursor: null,
          clientMailDomain: DOMAIN,
        });
      }
      if (path === `messages/${MISSING_UID}`)
        return answer(404, { error: { code: 'NOT_FOUND', message: 'Conversation not found' } });
      if (path === 'messages/not-a-uuid') {
        return answer(400, {
          error: {
            code: 'VALIDATION',
            message: 'Invalid identifier',
            fields: { threadUid: 'Invalid identifier' },
          },
        });
      }
      if (path === `messages/${BROKEN_UID}`)
        return answer(500, { error: { code: 'INTERNAL', message: 'Internal server error' } });
      return answer(200, {
        data: threads,
        nextCursor: null,
        mailbox: `acme@${DOMAIN}`,
        clientMailDomain: DOMAIN,
      });
    }),
  );
  renderPage(<MessageCenterPage />, {
    url: `/org/acme/messages/${threadUid}`,
    path: '/org/acme/messages/:threadUid?',
    role,
  });
  // The list has loaded (its skeleton is gone) before anything is said about the pane.
  if (threads.length > 0) await screen.findByRole('link', { name: /BRL settlement/ });
}

const FETCH_THREAD_FAILED = 'Failed to fetch thread. Please try again later.';
/** The toasts shown (other test files' toasts may land in the same store: look for this one's). */
const toastTitles = () => notificationsStore.getState().notifications.map((toast) => toast.title);
/** Lets a toast that was asked for load its module and show. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

// Mantine's autosize (the reply box, where the browser cannot grow it itself) listens to
// `document.fonts`, which jsdom lacks.
const hadFonts = 'fonts' in document;
beforeAll(() => {
  // jsdom has no scrolling; the conversation's list scrolls to its newest message.
  Element.prototype.scrollTo = () => {};
  if (!hadFonts) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterAll(() => {
  if (!hadFonts) Reflect.deleteProperty(document, 'fonts');
});
beforeEach(() => cleanNotifications());
afterEach(() => vi.unstubAllGlobals());

const VIEWER_NOTE = PERMISSION_DENIED_MESSAGE['messages.reply'];

describe('a conversation that cannot be opened', () => {
  it.each([
    ['an unknown thread (404)', MISSING_UID],
    ['a malformed thread id (400)', 'not-a-uuid'],
  ])(
    '%s: says it was not found and leads back to the list, with no reply box and no toast',
    async (_, uid) => {
      await openThread(uid);
      await screen.findByRole('heading', { name: 'Conversation not found' });
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
      // No header waiting forever for a thread that will not come.
      expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
      await settle();
      expect(toastTitles()).not.toContain(FETCH_THREAD_FAILED);

      // Back to the Message Center, which opens the first conversation.
      fireEvent.click(screen.getByRole('link', { name: 'Go to your conversations' }));
      await screen.findByRole('heading', { name: 'BRL settlement' });
      await waitFor(() =>
        expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
          `/org/acme/messages/${THREAD.uid}`,
        ),
      );
    },
  );

  it('any other failure offers Retry, with a toast, but no reply box and no endless header skeleton', async () => {
    await openThread(BROKEN_UID);
    await screen.findByText('This conversation could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
    await waitFor(() => expect(toastTitles()).toContain(FETCH_THREAD_FAILED));
  });

  it('a conversation that loads still has its reply box', async () => {
    await openThread(THREAD.uid);
    await screen.findByRole('heading', { name: 'BRL settlement' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByText(VIEWER_NOTE)).toBeNull();
  });

  it('an unknown thread in an organization with no conversations at all: not found, not the empty list', async () => {
    await openThread(MISSING_UID, { threads: [] });
    // The (empty) list has answered: its pane is gone.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull());
    await screen.findByRole('heading', { name: 'Conversation not found' });
    expect(screen.queryByText('No messages yet')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();

    // The way back leads to the organization's (empty) Message Center.
    fireEvent.click(screen.getByRole('link', { name: 'Go to your conversations' }));
    await screen.findByText('No messages yet');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/org/acme/messages');
    expect(screen.queryByRole('heading', { name: 'Conversation not found' })).toBeNull();
  });
});

describe('a Viewer in a conversation', () => {
  afterEach(() => setLocale('en', { remember: false }));

  it('sees, where the reply box would be, why there is none, in the reader’s language', async () => {
    await act(() => setLocale('es-MX', { remember: false }));
    await openThread(THREAD.uid, { role: 'Viewer' });
    await screen.findByRole('heading', { name: 'BRL settlement' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Los Lectores pueden leer mensajes, pero no responder.')).toBeTruthy();
  });

  it('sees no such note for a conversation that is not there', async () => {
    await openThread(MISSING_UID, { role: 'Viewer' });
    await screen.findByRole('heading', { name: 'Conversation not found' });
    expect(screen.queryByText(VIEWER_NOTE)).toBeNull();
  });
});
