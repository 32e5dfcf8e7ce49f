import { i18n, PERMISSION_DENIED_MESSAGE, setLocale, type TLocale, type TRole } from '@dash/shared';
import type { TBankBeneficiary } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { provideDocumentFonts } from '../../../test/document-fonts';
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

function renderBeneficiaries(role: TRole, locale?: TLocale) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: BENEFICIARIES }), { status: 200 })),
  );
  return locale
    ? renderPage(<BankBeneficiariesPage />, { role, locale })
    : renderPage(<BankBeneficiariesPage />, { role });
}

async function renderBeneficiariesWithFetch() {
  await renderBeneficiaries('Admin', 'en');
  return vi.mocked(globalThis.fetch);
}

configure({ asyncUtilTimeout: 5000 });
provideDocumentFonts();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => setLocale('en', { remember: false }));

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

  it('names the close button of the Add dialog in the active language, and gives it no banner landmark', async () => {
    await renderBeneficiaries('Admin', 'pt-BR');
    await screen.findByRole('table', { name: 'Beneficiários bancários' });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar beneficiário' }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Fechar' });
    expect(within(dialog).queryByRole('banner')).toBeNull();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts focus on the first invalid field of the Add dialog after a refused submit, and sends nothing', async () => {
    const fetch = await renderBeneficiariesWithFetch();
    await screen.findByRole('table', { name: 'Bank beneficiaries' });
    fireEvent.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank beneficiary' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const clabe = within(dialog).getByRole('textbox', { name: /CLABE/ });
    const add = within(dialog).getByRole('button', { name: 'Add beneficiary' });
    const calls = fetch.mock.calls.length;

    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('textbox', { name: /Name/, description: 'Name is required' })).toBe(name);

    // With the name given, the CLABE (wrong check digit) is the first field left to fix.
    fireEvent.change(name, { target: { value: 'Proveedora Azteca' } });
    fireEvent.change(clabe, { target: { value: '002010077777777770' } });
    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(clabe));
    expect(clabe.getAttribute('aria-invalid')).toBe('true');
    // Described by what the number resolves to and by the error.
    expect(within(dialog).getByRole('textbox', { name: /CLABE/, description: /Invalid checksum/ })).toBe(
      clabe,
    );
    expect(fetch.mock.calls.length).toBe(calls);
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
