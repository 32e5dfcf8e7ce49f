import { PERMISSION_DENIED_MESSAGE, type TRole } from '@dash/shared';
import { KYB_MESSAGES, KYB_SUBMIT_INCOMPLETE_MESSAGE, type TKybApplication } from '@dash/shared/api';
import { refusal, renderPage } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KybPage } from './KybPage';

const OWNER = '0b6f1a52-3c1e-4d0a-9d7e-1f2a3b4c5d6e';

const application = (overrides: Partial<TKybApplication> = {}): TKybApplication => ({
  status: 'Draft',
  data: {
    legalName: 'Ejemplo S.A.',
    countryOfIncorporation: 'MX',
    beneficialOwners: [{ id: OWNER, name: 'Ana López', ownershipPercent: '60' }],
  },
  decisionNote: null,
  submittedAt: null,
  decidedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderKyb(kyb: TKybApplication, role: TRole = 'Admin') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.endsWith('/kyb') ? kyb : [];
      return new Response(JSON.stringify({ data }), { status: 200 });
    }),
  );
  renderPage(<KybPage />, {
    role,
    organization: { name: 'Ejemplo', slug: 'ejemplo', approvalStatus: 'Pending' },
  });
}

/**
 * The page of an Admin, its draft saved with `save` (PUT kyb) and submitted with `submit` (POST
 * kyb/submit); other requests read the application, or an empty list.
 */
function renderKybAnswering(
  kyb: TKybApplication,
  answers: { save: () => Response; submit?: () => Response },
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && url.endsWith('/kyb')) return answers.save();
      if (init?.method === 'POST' && url.endsWith('/kyb/submit') && answers.submit) return answers.submit();
      const data = url.endsWith('/kyb') ? kyb : [];
      return new Response(JSON.stringify({ data }), { status: 200 });
    }),
  );
  renderPage(<KybPage />, {
    role: 'Admin',
    organization: { name: 'Ejemplo', slug: 'ejemplo', approvalStatus: 'Pending' },
  });
}

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  cleanNotifications();
});

describe('the KYB page', () => {
  it('lists the documents the saved owners need and tells an Editor why they cannot submit', async () => {
    renderKyb(application(), 'Editor');
    const checklist = await screen.findByRole('list', { name: 'Required documents' });
    expect(within(checklist).getByRole('listitem', { name: 'Id of Ana López' }).textContent).toContain(
      'Missing',
    );
    expect(
      within(checklist).getByRole<HTMLButtonElement>('button', { name: 'Upload Id of Ana López' }).disabled,
    ).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit for review' }).disabled).toBe(true);
    expect(screen.getByText(PERMISSION_DENIED_MESSAGE['kyb.submit'])).toBeTruthy();
  });

  it('says under the field when the RFC is wrong', async () => {
    renderKyb(application());
    const taxId = await screen.findByRole('textbox', { name: /Tax id/ });
    fireEvent.change(taxId, { target: { value: 'NOT-AN-RFC' } });
    fireEvent.blur(taxId);
    expect(await screen.findByText(KYB_MESSAGES.rfcInvalid)).toBeTruthy();
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the operator's note and keeps a submitted application read-only", async () => {
    renderKyb(application({ status: 'ChangesRequested', decisionNote: 'Sign the articles' }));
    expect(await screen.findByText('Sign the articles')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    cleanup();

    renderKyb(application({ status: 'Submitted' }));
    expect(await screen.findByText('Waiting for review')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Legal name/ }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it("takes the keyboard to the first field the server refused in a saved draft, in the form's order", async () => {
    renderKybAnswering(application(), {
      save: () =>
        refusal({ 'registeredAddress.city': 'City is too long', taxId: 'This RFC is already registered' }),
    });
    const form = await screen.findByRole('form', { name: 'KYB application' });
    const taxId = within(form).getByRole('textbox', { name: /Tax id/ });
    const saveDraft = within(form).getByRole('button', { name: 'Save draft' });
    saveDraft.focus();
    fireEvent.click(saveDraft);

    expect(await within(form).findByText('This RFC is already registered')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(taxId));
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('textbox', { name: /City/ }).getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('takes the keyboard to the first field the server finds incomplete on submit, and says why', async () => {
    renderKybAnswering(application(), {
      save: () => new Response(JSON.stringify({ data: application() }), { status: 200 }),
      submit: () =>
        refusal(
          {
            incorporationDate: 'Incorporation date is required',
            businessActivity: 'Say what the company does',
          },
          KYB_SUBMIT_INCOMPLETE_MESSAGE,
        ),
    });
    const form = await screen.findByRole('form', { name: 'KYB application' });
    const incorporationDate = within(form).getByRole('textbox', { name: /Incorporation date/ });
    const submit = within(form).getByRole('button', { name: 'Submit for review' });
    submit.focus();
    fireEvent.click(submit);

    expect(await within(form).findByText('Incorporation date is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(incorporationDate));
    expect(incorporationDate.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(toasts()).toContain(KYB_SUBMIT_INCOMPLETE_MESSAGE));
  });

  it('takes the keyboard to the country of incorporation when the server finds it missing', async () => {
    const noCountry = application({ data: { legalName: 'Ejemplo S.A.', beneficialOwners: [] } });
    renderKybAnswering(noCountry, {
      save: () => new Response(JSON.stringify({ data: noCountry }), { status: 200 }),
      submit: () =>
        refusal(
          { countryOfIncorporation: 'Choose the country of incorporation', taxId: 'Tax id is required' },
          KYB_SUBMIT_INCOMPLETE_MESSAGE,
        ),
    });
    const form = await screen.findByRole('form', { name: 'KYB application' });
    const country = within(form).getByRole('combobox', { name: /Country of incorporation/ });
    const submit = within(form).getByRole('button', { name: 'Submit for review' });
    submit.focus();
    fireEvent.click(submit);

    expect(await within(form).findByText('Choose the country of incorporation')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(country));
    expect(country.getAttribute('aria-invalid')).toBe('true');
  });
});
