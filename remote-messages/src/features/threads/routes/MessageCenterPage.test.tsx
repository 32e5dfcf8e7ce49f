import { renderPage, renderPageInDataRouter } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { CLIENT_MAIL_DOMAIN, messageFixture, threadFixture } from '../../../test/fixtures';
import { MessageCenterPage } from './MessageCenterPage';

const THREAD = threadFixture();
const OTHER = threadFixture({ uid: '44444444-4444-4444-8444-444444444445', name: 'USDC payout' });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** The API with two conversations; a search `q` finds those whose name contains it. Searches are recorded. */
function renderMessageCenter({ url = `/org/acme/messages/${THREAD.uid}` }: { url?: string } = {}) {
  const searches = stubMessagesApi();
  renderPage(<MessageCenterPage />, {
    url,
    path: '/org/acme/messages/:threadUid?',
    role: 'Viewer',
  });
  return searches;
}

function stubMessagesApi(): string[] {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (request.pathname.endsWith(`messages/${THREAD.uid}`)) {
        return json({
          data: [messageFixture(THREAD)],
          thread: THREAD,
          prevCursor: null,
          nextCursor: null,
          clientMailDomain: CLIENT_MAIL_DOMAIN,
        });
      }
      const q = request.searchParams.get('q') ?? '';
      if (q) searches.push(q);
      const found = [THREAD, OTHER].filter((thread) => thread.name.toLowerCase().includes(q.toLowerCase()));
      return json({
        data: found,
        nextCursor: null,
        mailbox: `acme@${CLIENT_MAIL_DOMAIN}`,
        clientMailDomain: CLIENT_MAIL_DOMAIN,
      });
    }),
  );
  return searches;
}

configure({ asyncUtilTimeout: 5000 });
// jsdom has no scrolling; the conversation's list scrolls to its newest message.
beforeAll(() => {
  Element.prototype.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('searching the Message Center', () => {
  it('says the number of conversations found, or that none matches, once the search settles: not on each keystroke', async () => {
    const searches = renderMessageCenter();
    const field = await screen.findByRole('searchbox', { name: 'Search conversations' });
    const results = screen.getByRole('status', { name: 'Search results' });
    await screen.findByRole('link', { name: /USDC payout/ });
    // The whole list is not a search result.
    expect(results.textContent).toBe('');

    fireEvent.change(field, { target: { value: 'u' } });
    fireEvent.change(field, { target: { value: 'us' } });
    fireEvent.change(field, { target: { value: 'usdc' } });
    expect(results.textContent).toBe('');
    await waitFor(() => expect(results.textContent).toBe('1 conversation found.'));
    expect(searches).toEqual(['usdc']);

    fireEvent.change(field, { target: { value: 'usdcx' } });
    // Typing again takes the old count back at once: it is not said for a search the field no longer shows.
    expect(results.textContent).toBe('');
    await waitFor(() => expect(results.textContent).toBe('No conversation matches “usdcx”.'));

    fireEvent.change(field, { target: { value: '' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(results.textContent).toBe('');
  });
});

describe('the conversation list', () => {
  it('names each conversation by its subject, provider and time, without the avatar initials', async () => {
    renderMessageCenter();
    const link = await screen.findByRole('link', { name: new RegExp(OTHER.name) });
    const name = link.textContent ?? '';
    const initials = link.querySelector('[aria-hidden="true"]')?.textContent ?? '';
    expect(initials).not.toBe('');
    // What a screen reader reads: the link's text without its hidden parts.
    const clone = link.cloneNode(true) as HTMLElement;
    for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    expect(clone.textContent?.startsWith(initials)).toBe(false);
    expect(name.startsWith(initials)).toBe(true);
  });
});

/**
 * Spies on setTimeout until restored: the first timer without delay scheduled once the list shows
 * (the pin) is handed to `around`, and what it answers is scheduled in its place.
 */
function aroundThePin(around: (pin: () => void) => () => void) {
  let met = false;
  const schedule = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    delay?: number,
  ) => {
    if (delay !== undefined || met || !screen.queryByRole('link', { name: new RegExp(OTHER.name) })) {
      return schedule(callback, delay);
    }
    met = true;
    return schedule(around(callback));
  }) as typeof setTimeout);
  return { met: () => met, restore: () => spy.mockRestore() };
}

describe('the first conversation', () => {
  const location = () => screen.getByRole('status', { name: 'Location' }).textContent;
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is put in the address when the list arrives', async () => {
    renderMessageCenter({ url: '/org/acme/messages' });
    await waitFor(() => expect(location()).toBe(`/org/acme/messages/${THREAD.uid}`));
  });

  it('is not, when the user has gone elsewhere as the list arrived: their navigation stands', async () => {
    // The user's click lands between the list's render and the pin, a timer without delay: their
    // navigation moves the address first.
    const pin = aroundThePin((callback) => {
      window.history.pushState(null, '', '/org/acme/wallet');
      return callback;
    });
    renderMessageCenter({ url: '/org/acme/messages' });
    await waitFor(() => expect(window.location.pathname).toBe('/org/acme/wallet'));
    pin.restore();
    // A timer without delay scheduled now runs after the pin's (scheduled before the address moved).
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(location()).toBe('/org/acme/messages');
  });

  it('is not, when the user clicked elsewhere and that page is still loading: their navigation stands', async () => {
    // The shell's router: a sidebar link's navigation runs the next page's loaders before the
    // address moves, and React renders that loading state later (a transition). The click lands
    // just before the pin runs, so this page has not rendered the navigation yet.
    stubMessagesApi();
    let loaded: (value: null) => void = () => undefined;
    const walletLoader = new Promise<null>((resolve) => {
      loaded = resolve;
    });
    const pin = aroundThePin((callback) => () => {
      void router.navigate('/org/acme/wallet');
      callback();
    });
    const { router } = renderPageInDataRouter(<MessageCenterPage />, {
      url: '/org/acme/messages',
      path: '/org/acme/messages/:threadUid?',
      role: 'Viewer',
      routes: [{ path: '/org/acme/wallet', loader: () => walletLoader, element: <h1>Wallet</h1> }],
    });
    await waitFor(() => expect(pin.met()).toBe(true));
    pin.restore();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(router.state.navigation.location?.pathname).toBe('/org/acme/wallet');

    await act(async () => loaded(null));
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/acme/wallet');
  });

  it('is not, when the user’s navigation has finished but this page is still on screen: their navigation stands', async () => {
    // The shell renders a finished navigation as a transition: the router is at the page the user
    // asked for while this one is still mounted, and its pin can still run.
    stubMessagesApi();
    const pin = aroundThePin((callback) => () => {
      void router.navigate('/org/acme/wallet').then(callback);
    });
    const { router } = renderPageInDataRouter(<MessageCenterPage />, {
      url: '/org/acme/messages',
      path: '/org/acme/messages/:threadUid?',
      role: 'Viewer',
      routes: [{ path: '/org/acme/wallet', element: <h1>Wallet</h1> }],
    });
    await waitFor(() => expect(pin.met()).toBe(true));
    pin.restore();
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(router.state.location.pathname).toBe('/org/acme/wallet');
  });
});
