import { setLocale } from '@dash/shared';
import { renderPage } from '@dash/shared/test';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyPage } from './VerifyPage';

const CATALOGUE = 'Failed to verify magic link. Please try again later.';

/** A token of its own per test: the page verifies each token once per page load. */
const freshToken = () => crypto.randomUUID().replaceAll('-', '').repeat(2);

function verify(answer: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer()),
  );
  renderPage(<VerifyPage />, { url: `/auth/${freshToken()}`, path: '/auth/:token' });
}

const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const refusal = (status: number, code: string, message: string) => json(status, { error: { code, message } });

const heading = () => screen.findByRole('heading', { level: 1 });

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en', { remember: false });
});

describe('the magic-link verification page', () => {
  it('says a used or expired link cannot be used, why, and how to get a new one', async () => {
    verify(refusal(410, 'GONE', 'This sign-in link has expired or was already used.'));

    expect((await heading()).textContent).toBe('This sign-in link cannot be used');
    expect(screen.getByRole('alert').textContent).toContain(
      'This sign-in link has expired or was already used.',
    );
    expect(screen.queryByText(CATALOGUE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth');
  });

  it('says an invalid link cannot be used, with the server reason', async () => {
    verify(refusal(400, 'VALIDATION', 'This sign-in link is not valid'));

    expect((await heading()).textContent).toBe('This sign-in link cannot be used');
    expect(screen.getByRole('alert').textContent).toContain('This sign-in link is not valid');
    expect(screen.queryByText(CATALOGUE)).toBeNull();
  });

  it('speaks the language of the page', async () => {
    vi.stubGlobal('fetch', vi.fn(refusal(410, 'GONE', 'This sign-in link has expired or was already used.')));
    await renderPage(<VerifyPage />, { url: `/auth/${freshToken()}`, path: '/auth/:token', locale: 'es-MX' });

    expect((await heading()).textContent).toBe('No se puede usar este enlace para iniciar sesión');
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toBeTruthy();
  });

  it('keeps the catalogue message for an answer that is not JSON', async () => {
    verify(async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    expect((await heading()).textContent).toBe(CATALOGUE);
    expect(screen.getByRole('alert').textContent).toContain('This sign-in link could not be used.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('keeps the catalogue message when the server could not be reached', async () => {
    verify(() => Promise.reject(new TypeError('Failed to fetch')));

    expect((await heading()).textContent).toBe(CATALOGUE);
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached.');
  });

  it('signs in and goes where the link was asked for', async () => {
    verify(json(200, { status: 'signed-in', redirect: '/org/acme/wallet' }));

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/org/acme/wallet'),
    );
  });
});
