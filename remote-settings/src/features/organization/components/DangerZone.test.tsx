import { setLocale } from '@dash/shared';
import { refusal, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DangerZone from './DangerZone';

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

describe('deleting the organization', () => {
  it('puts focus on the slug the server refused, which says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal({ slug: 'Type the organization slug to confirm' })),
    );
    await renderPage(<DangerZone />, { role: 'Admin', locale: 'en' });
    const slug = await screen.findByRole('textbox', { name: 'Organization slug' });
    fireEvent.change(slug, { target: { value: 'acme' } });
    const remove = screen.getByRole('button', { name: 'Delete organization' });
    remove.focus();
    fireEvent.click(remove);

    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: 'Organization slug',
        description: /Type the organization slug to confirm/,
      }),
    ).toBe(slug);
  });
});
