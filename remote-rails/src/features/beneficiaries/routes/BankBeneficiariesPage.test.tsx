import { i18n, PERMISSION_DENIED_MESSAGE, type TRole } from '@dash/shared';
import type { TBankBeneficiary } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, screen, within } from '@testing-library/react';
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

function renderBeneficiaries(role: TRole) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: BENEFICIARIES }), { status: 200 })),
  );
  renderPage(<BankBeneficiariesPage />, { role });
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Bank Beneficiaries page', () => {
  it('shows a Viewer each beneficiary, the bank a CLABE belongs to, and no control', async () => {
    renderBeneficiaries('Viewer');
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
    renderBeneficiaries('Admin');
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
