import { refusal, renderPage } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from './SignInPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs the API with one answer to POST auth and returns the bodies it was sent. */
function stubRequestLink(answer: () => Response): unknown[] {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  return bodies;
}

/** Types the address and presses Send, the button focused as a click leaves it. */
function signIn(redirect: string | undefined, email = 'ana@example.com') {
  const search = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  renderPage(<SignInPage />, { url: `/auth${search}`, path: '/auth' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  const send = screen.getByRole('button', { name: 'Send magic link' });
  send.focus();
  fireEvent.click(send);
}

const toasts = () =>
  notificationsStore
    .getState()
    .notifications.map((toast) => ({ title: toast.title, message: toast.message }));

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => cleanNotifications());
afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page', () => {
  it('sends the link with the redirect it was opened with, as the API takes it', async () => {
    const bodies = stubRequestLink(() => json(202, { data: { sent: true } }));
    signIn('/org/acme/rails/transactions?q=café');

    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    expect(bodies).toEqual([
      { email: 'ana@example.com', redirect: '/org/acme/rails/transactions?q=caf%C3%A9' },
    ]);
  });

  it('drops a redirect that is too long once percent-encoded, and still sends the link', async () => {
    const bodies = stubRequestLink(() => json(202, { data: { sent: true } }));
    signIn(`/org/acme-treasury/rails/transactions?q=${'é'.repeat(1000)}`);

    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'ana@example.com' }]);
  });

  it('shows a refusal of a field the form does not have, instead of nothing', async () => {
    stubRequestLink(() =>
      json(400, {
        error: {
          code: 'VALIDATION',
          message: 'Too big: expected string to have <=2048 characters',
          fields: { redirect: 'Too big: expected string to have <=2048 characters' },
        },
      }),
    );
    signIn(undefined);

    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          title: 'Failed to send a magic link. Please try again later.',
          message: 'Too big: expected string to have <=2048 characters',
        },
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('puts a refusal of the address under the field, without a toast', async () => {
    stubRequestLink(() => refusal({ email: 'Enter a valid email address' }, 'Enter a valid email address'));
    signIn(undefined);

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // The keyboard is taken to the field, so a screen reader says its message.
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(toasts()).toEqual([]);
  });

  it('takes the keyboard to an address it refuses itself, and sends nothing', async () => {
    const bodies = stubRequestLink(() => json(202, { data: { sent: true } }));
    signIn(undefined, 'not an address');

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});
