import { ORGANIZATION, refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteForm } from './InviteForm';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invite form', () => {
  it('puts focus on the invalid e-mail after a refused submit, which then says its error, and sends nothing', async () => {
    const fetch = vi.fn(async () => Response.json({ data: [] }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<InviteForm organization={ORGANIZATION} />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    const send = screen.getByRole('button', { name: 'Send invitation' });
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    send.focus();
    fireEvent.click(send);

    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts focus on the field the server refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal({ email: 'bo@example.com is already a member' })),
    );
    renderPage(<InviteForm organization={ORGANIZATION} />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    const send = screen.getByRole('button', { name: 'Send invitation' });
    fireEvent.change(email, { target: { value: 'bo@example.com' } });
    send.focus();
    fireEvent.click(send);

    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });
});
