import { setLocale } from '@dash/shared';
import { ORGANIZATION, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
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
});
