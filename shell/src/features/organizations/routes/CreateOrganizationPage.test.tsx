import { ORGANIZATION_NAME_REQUIRED, ORGANIZATION_SLUG_FORMAT } from '@dash/shared';
import { answerEveryRequest, refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateOrganizationPage } from './CreateOrganizationPage';

function renderCreate() {
  renderPage(<CreateOrganizationPage />, { url: '/organizations/new' });
  const name = screen.getByRole('textbox', { name: /Organization name/ });
  const slug = screen.getByRole('textbox', { name: /^Slug/ });
  const create = screen.getByRole('button', { name: 'Create organization' });
  /** Presses Create, focused as a click leaves it. */
  const submit = () => {
    create.focus();
    fireEvent.click(create);
  };
  return { name, slug, submit };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('creating an organization', () => {
  it('takes the keyboard to the first field in error, in the form order, and sends nothing', async () => {
    const bodies = answerEveryRequest(() => Response.json({ data: {} }));
    const { name, slug, submit } = renderCreate();

    submit();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ORGANIZATION_NAME_REQUIRED)).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.change(slug, { target: { value: 'Not a slug!' } });
    submit();
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ORGANIZATION_SLUG_FORMAT)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('takes the keyboard to the slug the server refused', async () => {
    const bodies = answerEveryRequest(() => refusal({ slug: 'This slug is taken' }));
    const { name, slug, submit } = renderCreate();
    fireEvent.change(name, { target: { value: 'Acme' } });
    await waitFor(() => expect((slug as HTMLInputElement).value).toBe('acme'));

    submit();
    expect(await screen.findByText('This slug is taken')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ name: 'Acme', slug: 'acme' }]);
  });
});
