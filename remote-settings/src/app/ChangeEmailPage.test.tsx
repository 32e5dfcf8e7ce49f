import { EMAIL_CHANGE_LINK_GONE_MESSAGE, EMAIL_CHANGE_LINK_INVALID_MESSAGE } from '@dash/shared/api';
import { refusal, renderPage, USER } from '@dash/shared/test';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChangeEmailPage from './ChangeEmailPage';

const TOKEN = 'a'.repeat(43);
const NEW_EMAIL = 'ana.souza@newco.example';

/** The API for a link opened again: the confirmation answers `confirm`, GET me answers `me`. */
function stubApi({ confirm, me }: { confirm: Response; me: Response }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v0/profile/email-change' && init?.method === 'POST') return confirm.clone();
      if (url === '/api/v0/me') return me.clone();
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
}

const gone = () =>
  Response.json(
    {
      error: {
        code: 'GONE',
        message: EMAIL_CHANGE_LINK_GONE_MESSAGE,
        messageCode: 'messages.emailChangeLinkGone',
      },
    },
    { status: 410 },
  );
const signedIn = (email: string) => Response.json({ data: { ...USER, email } });
const signedOut = () =>
  Response.json(
    {
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Sign in to continue.',
        messageCode: 'messages.signInToContinue',
      },
    },
    { status: 401 },
  );

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the e-mail change link, opened again', () => {
  it('signed in: says the link is spent and which address signs in, without claiming a failure', async () => {
    stubApi({ confirm: gone(), me: signedIn(NEW_EMAIL) });
    renderPage(<ChangeEmailPage />, { url: `/change-email?token=${TOKEN}` });

    expect(await screen.findByText(`Your sign-in address is ${NEW_EMAIL}.`, { exact: false })).toBeTruthy();
    expect(screen.getByText('This link was already used or has expired.')).toBeTruthy();
    expect(screen.queryByText('E-mail address not confirmed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out: says the link is spent and how to go on, without claiming a failure', async () => {
    stubApi({ confirm: gone(), me: signedOut() });
    renderPage(<ChangeEmailPage />, { url: `/change-email?token=${TOKEN}` });

    expect(
      await screen.findByText(/If you already confirmed the change, sign in with your new address/),
    ).toBeTruthy();
    expect(screen.queryByText('E-mail address not confirmed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a link that is not valid still says the address was not confirmed', async () => {
    stubApi({
      confirm: refusal({ token: EMAIL_CHANGE_LINK_INVALID_MESSAGE }, EMAIL_CHANGE_LINK_INVALID_MESSAGE),
      me: signedIn(USER.email),
    });
    renderPage(<ChangeEmailPage />, { url: `/change-email?token=${TOKEN}` });

    expect(await screen.findByText('E-mail address not confirmed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
  });
});
