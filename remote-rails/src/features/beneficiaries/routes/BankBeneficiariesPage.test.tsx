import {
  CurrentOrganizationProvider,
  i18n,
  PERMISSION_DENIED_MESSAGE,
  SessionProvider,
  type TBankBeneficiary,
  type TOrganization,
  type TRole,
} from '@dash/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import BankBeneficiariesPage, { plazaLabel } from './BankBeneficiariesPage';

const dates = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const BENEFICIARIES: TBankBeneficiary[] = [
  {
    uid: '44444444-4444-4444-8444-444444444444',
    type: 'Clabe',
    name: 'Proveedora Azteca',
    remark: null,
    bankAccountNumber: '002010077777777771',
    ...dates,
  },
  {
    uid: '55555555-5555-4555-8555-555555555555',
    type: 'PixKey',
    name: 'Ana Souza',
    remark: 'Consulting',
    pixKeyType: 'cpf',
    pixKey: '12345678909',
    ...dates,
  },
];

function renderPage(role: TRole) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: BENEFICIARIES }), { status: 200 })),
  );
  const organization: TOrganization = {
    uid: '33333333-3333-4333-8333-333333333333',
    name: 'Acme',
    slug: 'acme',
    avatar: null,
    role,
    approvalStatus: 'Approved',
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  const user = {
    uid: '11111111-1111-4111-8111-111111111111',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'S',
  };
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider session={{ user: { ...user, type: 'user' }, organizations: [organization] }}>
          <CurrentOrganizationProvider organization={organization}>
            <MemoryRouter>
              <BankBeneficiariesPage />
            </MemoryRouter>
          </CurrentOrganizationProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Bank Beneficiaries page', () => {
  it('shows a Viewer each beneficiary, the bank a CLABE belongs to, and no control', async () => {
    renderPage('Viewer');
    const table = await screen.findByRole('table', { name: 'Bank beneficiaries' });
    const clabe = within(table).getByRole('row', { name: /Proveedora Azteca/ });
    expect(clabe.textContent).toContain('CLABE');
    expect(clabe.textContent).toContain('Banco Nacional de México');
    expect(within(table).getByRole('row', { name: /Ana Souza/ }).textContent).toContain('PixCPF');
    expect(screen.queryByRole('button', { name: 'Add beneficiary' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.getByText(PERMISSION_DENIED_MESSAGE['rails.write'])).toBeTruthy();
  });

  it('gives an Admin add, edit and delete', async () => {
    renderPage('Admin');
    await screen.findByRole('table', { name: 'Bank beneficiaries' });
    expect(screen.getByRole('button', { name: 'Add beneficiary' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Ana Souza' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Proveedora Azteca' })).toBeTruthy();
  });
});

describe('plazaLabel', () => {
  it('names a CLABE plaza by its first two cities and how many more', () => {
    const t = i18n.getFixedT('en', 'rails');
    expect(plazaLabel('Aguascalientes MX-AGU', t)).toBe('Aguascalientes MX-AGU');
    expect(plazaLabel('Atizapan, Chalco', t)).toBe('Atizapan, Chalco');
    expect(plazaLabel('Atizapan, Chalco, Ciudad de México MX-CMX, Coacalco', t)).toBe(
      'Atizapan, Chalco and 2 more',
    );
  });
});
