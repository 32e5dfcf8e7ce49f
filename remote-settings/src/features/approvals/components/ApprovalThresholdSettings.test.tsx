import { setLocale, type TRole } from '@dash/shared';
import { APPROVAL_THRESHOLD_POSITIVE_MESSAGE } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalThresholdSettings } from './ApprovalThresholdSettings';

/** GET / PUT rails/settings against an in-memory threshold; records every PUT body. */
function serve(threshold: string | null) {
  let current = threshold;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { offRampApprovalThreshold: string | null };
        puts.push(body);
        current = body.offRampApprovalThreshold;
      }
      return new Response(JSON.stringify({ data: { offRampApprovalThreshold: current } }), { status: 200 });
    }),
  );
  return puts;
}

function renderSettings(role: TRole) {
  renderPage(<ApprovalThresholdSettings />, { role });
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLocale('en', { remember: false });
});

describe('the off-ramp approval threshold', () => {
  it('lets an Admin set it, refusing 0 and a non-decimal under the field, and turn it off', async () => {
    const puts = serve(null);
    renderSettings('Admin');
    const form = await screen.findByRole('form', { name: 'Off-ramp approvals' });
    expect(within(form).getByText('Two-person approval is off: every off-ramp starts at once.')).toBeTruthy();
    const input = within(form).getByRole('textbox', { name: 'Approval threshold (stablecoin amount)' });
    const save = within(form).getByRole('button', { name: 'Save approval threshold' });

    for (const [value, message] of [
      ['0', APPROVAL_THRESHOLD_POSITIVE_MESSAGE],
      ['0.00', APPROVAL_THRESHOLD_POSITIVE_MESSAGE],
      ['ten', 'Enter an amount such as 10 or 10.50'],
      ['-5', APPROVAL_THRESHOLD_POSITIVE_MESSAGE],
    ] as const) {
      fireEvent.change(input, { target: { value } });
      save.focus();
      fireEvent.click(save);
      expect(await within(form).findByText(message)).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      // The keyboard is taken to the field in error.
      await waitFor(() => expect(document.activeElement).toBe(input));
    }
    expect(puts).toEqual([]);

    fireEvent.change(input, { target: { value: '2500.50' } });
    fireEvent.click(save);
    await waitFor(() => expect(puts).toEqual([{ offRampApprovalThreshold: '2500.50' }]));
    expect(await screen.findByText("Off-ramps above 2,500.50 need a second member's approval.")).toBeTruthy();

    // The saved threshold is shown back the reader's way, every decimal kept, and keeps the keyboard.
    const saved = screen.getByRole('textbox', { name: 'Approval threshold (stablecoin amount)' });
    expect((saved as HTMLInputElement).value).toBe('2,500.50');
    await waitFor(() => expect(document.activeElement).toBe(saved));
    fireEvent.change(saved, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save approval threshold' }));
    await waitFor(() => expect(puts.at(-1)).toEqual({ offRampApprovalThreshold: null }));
    expect(
      await screen.findByText('Two-person approval is off: every off-ramp starts at once.'),
    ).toBeTruthy();
  });

  it('shows an Editor the threshold without a way to change it', async () => {
    serve('10000');
    renderSettings('Editor');
    expect(
      await screen.findByText("Off-ramps above 10,000.00 need a second member's approval."),
    ).toBeTruthy();
    expect(screen.getByText('Only Admins can change the approval threshold.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save approval threshold' })).toBeNull();
  });

  it('takes a pt-BR amount with a decimal comma, saves the decimal string it means and shows it back the pt-BR way', async () => {
    const puts = serve('2500.50');
    await renderPage(<ApprovalThresholdSettings />, { role: 'Admin', locale: 'pt-BR' });
    const form = await screen.findByRole('form', { name: 'Aprovações de off-ramp' });
    const input = within(form).getByRole('textbox', { name: 'Limite de aprovação (valor em stablecoin)' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect((input as HTMLInputElement).value).toBe('2.500,50');
    const save = within(form).getByRole('button', { name: 'Salvar limite de aprovação' });

    for (const value of ['1,2,3', '1.23,4.5', '20,50,']) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(save);
      expect(await within(form).findByText('Digite um valor como 10 ou 10,50')).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(puts).toEqual([]);

    fireEvent.change(input, { target: { value: '1.234,56' } });
    fireEvent.click(save);
    await waitFor(() => expect(puts).toEqual([{ offRampApprovalThreshold: '1234.56' }]));
    expect(
      await screen.findByText('Off-ramps acima de 1.234,56 precisam da aprovação de um segundo membro.'),
    ).toBeTruthy();
    const saved = screen.getByRole('textbox', { name: 'Limite de aprovação (valor em stablecoin)' });
    expect((saved as HTMLInputElement).value).toBe('1.234,56');

    // A point where it cannot group digits is a decimal point, in pt-BR too.
    fireEvent.change(saved, { target: { value: '20.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar limite de aprovação' }));
    await waitFor(() => expect(puts.at(-1)).toEqual({ offRampApprovalThreshold: '20.5' }));
    expect(
      await screen.findByText('Off-ramps acima de 20,50 precisam da aprovação de um segundo membro.'),
    ).toBeTruthy();
  });

  it('speaks the active language, numbers formatted for it', async () => {
    serve('10000');
    await renderPage(<ApprovalThresholdSettings />, { role: 'Viewer', locale: 'pt-BR' });
    expect(
      await screen.findByText('Off-ramps acima de 10.000,00 precisam da aprovação de um segundo membro.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aprovações de off-ramp' })).toBeTruthy();
  });
});
