import { setLocale, type TLocale } from '@dash/shared';
import type { TKybApplication, TKybDraft } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KybForm, type KybFormActions } from './KybForm';

const OWNER = '0b6f1a52-3c1e-4d0a-9d7e-1f2a3b4c5d6e';

const APPLICATION: TKybApplication = {
  status: 'Draft',
  data: {
    legalName: 'Exemplo Ltda.',
    countryOfIncorporation: 'BR',
    expectedMonthlyVolume: { amount: '250000.00', currency: 'BRL' },
    beneficialOwners: [{ id: OWNER, name: 'Ana Souza', ownershipPercent: '12.5' }],
  },
  decisionNote: null,
  submittedAt: null,
  decidedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** The form with actions that record each saved and submitted draft. */
async function renderForm(locale: TLocale) {
  const saved: TKybDraft[] = [];
  const submitted: TKybDraft[] = [];
  const actions: KybFormActions = {
    save: vi.fn(async (draft: TKybDraft) => {
      saved.push(draft);
    }),
    submit: vi.fn(async (draft: TKybDraft) => {
      submitted.push(draft);
    }),
    saving: false,
    submitting: false,
  };
  await renderPage(<KybForm application={APPLICATION} readOnly={false} actions={actions} />, { locale });
  return { saved, submitted };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  await setLocale('en', { remember: false });
});

describe('the KYB form’s amounts, typed the reader’s way', () => {
  it('shows the saved volume and share the pt-BR way and saves what a pt-BR reader types as decimal strings', async () => {
    const { saved, submitted } = await renderForm('pt-BR');
    const form = await screen.findByRole('form', { name: 'Solicitação de KYB' });
    const volume = within(form).getByRole('textbox', { name: /Volume mensal esperado/ }) as HTMLInputElement;
    const share = within(form).getByRole('textbox', { name: /Participação %/ }) as HTMLInputElement;
    expect(volume.value).toBe('250.000,00');
    expect(volume.getAttribute('placeholder')).toBe('250.000,00');
    expect(volume.getAttribute('inputmode')).toBe('decimal');
    expect(share.value).toBe('12,5');

    fireEvent.change(volume, { target: { value: '1.234.567,89' } });
    fireEvent.change(share, { target: { value: '33,25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.expectedMonthlyVolume).toEqual({ amount: '1234567.89', currency: 'BRL' });
    expect(saved[0]?.beneficialOwners?.[0]?.ownershipPercent).toBe('33.25');

    fireEvent.click(within(form).getByRole('button', { name: 'Enviar para análise' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.expectedMonthlyVolume?.amount).toBe('1234567.89');
  });

  it('refuses a malformed pt-BR amount or share under its field, with an example written the pt-BR way', async () => {
    const { saved } = await renderForm('pt-BR');
    const form = await screen.findByRole('form', { name: 'Solicitação de KYB' });
    const volume = within(form).getByRole('textbox', { name: /Volume mensal esperado/ });
    for (const value of ['1,2,3', '1.23,4.5']) {
      fireEvent.change(volume, { target: { value } });
      fireEvent.blur(volume);
      expect(
        await within(form).findByText('Digite um valor como 250000,00 (dígitos, no máximo 2 casas decimais)'),
      ).toBeTruthy();
      expect(volume.getAttribute('aria-invalid')).toBe('true');
    }
    const share = within(form).getByRole('textbox', { name: /Participação %/ });
    fireEvent.change(share, { target: { value: '12,5,5' } });
    const saveDraft = within(form).getByRole('button', { name: 'Salvar rascunho' });
    saveDraft.focus();
    fireEvent.click(saveDraft);
    // The keyboard is taken to the first field in error, in the form's order: the volume.
    await waitFor(() => expect(document.activeElement).toBe(volume));
    expect(
      await within(form).findByText(
        'Digite uma porcentagem acima de 0 e no máximo 100, por exemplo 25 ou 12,5',
      ),
    ).toBeTruthy();
    expect(share.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('shows the saved volume the English way and refuses a decimal comma there', async () => {
    const { saved } = await renderForm('en');
    const form = await screen.findByRole('form', { name: 'KYB application' });
    const volume = within(form).getByRole('textbox', { name: /Expected monthly volume/ }) as HTMLInputElement;
    expect(volume.value).toBe('250,000.00');
    fireEvent.change(volume, { target: { value: '250000,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(
      await within(form).findByText('Enter an amount such as 250000.00 (digits, at most 2 decimals)'),
    ).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(volume, { target: { value: '250,000.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.expectedMonthlyVolume?.amount).toBe('250000.50');
  });
});
