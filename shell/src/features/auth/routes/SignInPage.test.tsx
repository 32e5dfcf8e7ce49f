import { renderPage } from '@dash/shared/test';
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

function signIn(redirect: string | undefined, email = 'ana@example.com') {
  const search = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  renderPage(<SignInPage />, { url: `/auth${search}`, path: '/auth' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
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
    stubRequestLink(() =>
      json(400, {
        error: {
          code: 'VALIDATION',
          message: 'Enter a valid email address',
          fields: { email: 'Enter a valid email address' },
        },
      }),
    );
    signIn(undefined);

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]);
  });
});
