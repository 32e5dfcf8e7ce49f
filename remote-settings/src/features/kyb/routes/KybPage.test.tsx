import { PERMISSION_DENIED_MESSAGE, type TRole } from '@dash/shared';
import { KYB_MESSAGES, type TKybApplication } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
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

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
});
