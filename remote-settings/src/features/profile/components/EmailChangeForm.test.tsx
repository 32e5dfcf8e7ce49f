import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailChangeForm } from './EmailChangeForm';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the e-mail change form', () => {
  it('puts focus on the new address when it is refused, and sends nothing', async () => {
    const fetch = vi.fn(async () => Response.json({ data: {} }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<EmailChangeForm currentEmail="ana@example.com" />, { locale: 'en' });
    const email = await screen.findByRole('textbox', { name: /New e-mail/i });
    const send = screen.getByRole('button', { name: /send/i });
    fireEvent.change(email, { target: { value: 'not an address' } });

    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
