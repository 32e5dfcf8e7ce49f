import { setLocale } from '@dash/shared';
import { ORGANIZATION, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

describe('renaming the organization', () => {
  it("refuses a name with a control character under the field, in the reader's language, and sends nothing", async () => {
    const fetch = vi.fn(async () => Response.json({ data: ORGANIZATION }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<OrganizationDetailsForm organization={ORGANIZATION} />, { locale: 'pt-BR' });

    const name = await screen.findByRole('textbox', { name: /Nome da organização/ });
    fireEvent.change(name, { target: { value: 'Acme\tBcc: x@evil.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(
      await screen.findByText(
        'O nome da organização não pode conter quebras de linha nem caracteres de controle',
      ),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts focus on the first invalid field after a refused save, in the form order', async () => {
    const fetch = vi.fn(async () => Response.json({ data: ORGANIZATION }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<OrganizationDetailsForm organization={ORGANIZATION} />, { locale: 'en' });
    const name = await screen.findByRole('textbox', { name: /Organization name/ });
    const slug = screen.getByRole('textbox', { name: /Slug/ });
    const save = screen.getByRole('button', { name: 'Save changes' });

    fireEvent.change(slug, { target: { value: '-Acme-' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Slug/, description: /only lowercase letters/ })).toBe(slug);

    fireEvent.change(name, { target: { value: ' ' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts focus on the slug the server refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Slug taken',
              fields: { slug: 'This slug is already taken' },
            },
          },
          { status: 409 },
        ),
      ),
    );
    await renderPage(<OrganizationDetailsForm organization={ORGANIZATION} />, { locale: 'en' });
    const slug = await screen.findByRole('textbox', { name: /Slug/ });
    fireEvent.change(slug, { target: { value: 'acme-two' } });
    const save = screen.getByRole('button', { name: 'Save changes' });
    save.focus();
    fireEvent.click(save);

    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(screen.getByRole('textbox', { name: /Slug/, description: /This slug is already taken/ })).toBe(
      slug,
    );
  });
});
