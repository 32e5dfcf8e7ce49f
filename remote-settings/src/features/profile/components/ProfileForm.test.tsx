import { setLocale } from '@dash/shared';
import { renderPage, USER } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './ProfileForm';

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

const TOO_LONG = 'x'.repeat(65);

describe('the profile form', () => {
  it('puts focus on the first name too long after a refused save, then on the last name, and sends nothing', async () => {
    const fetch = vi.fn(async () => Response.json({ data: {} }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<ProfileForm user={{ ...USER, locale: 'en' }} />, { locale: 'en' });
    const first = await screen.findByRole('textbox', { name: 'First name' });
    const last = screen.getByRole('textbox', { name: 'Last name' });
    const save = screen.getByRole('button', { name: 'Save profile' });
    fireEvent.change(first, { target: { value: TOO_LONG } });
    fireEvent.change(last, { target: { value: TOO_LONG } });

    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: 'First name',
        description: 'First name must be at most 64 characters',
      }),
    ).toBe(first);

    fireEvent.change(first, { target: { value: 'Ana' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: 'Last name',
        description: 'Last name must be at most 64 characters',
      }),
    ).toBe(last);
    expect(fetch).not.toHaveBeenCalled();
  });
});
