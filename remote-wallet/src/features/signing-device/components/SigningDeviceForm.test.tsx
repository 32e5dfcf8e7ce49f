import { setLocale } from '@dash/shared';
import { type TSigningDevice, WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE } from '@dash/shared/api';
import { answerEveryRequest, ORGANIZATION, refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { LEDGER, TREZOR } from '../../../test/devices';
import { SigningDeviceForm } from './SigningDeviceForm';

function renderForm(devices: TSigningDevice[], current?: string) {
  renderPage(<SigningDeviceForm organization={ORGANIZATION} devices={devices} current={current} />);
  const form = screen.getByRole('form', { name: 'Set signing device' });
  return {
    device: within(form).getByRole('combobox', { name: /Signing device/ }),
    submit: within(form).getByRole('button', { name: 'Set Signing Device' }),
  };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // Tests may run in any order (--sequence.shuffle): the next one starts in English.
  await setLocale('en', { remember: false });
});

describe('the signing device form', () => {
  it('takes the keyboard to the device when none is chosen, and sends nothing', async () => {
    const bodies = answerEveryRequest(() => Response.json({ data: {} }));
    const { device, submit } = renderForm([LEDGER, TREZOR]);
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(device));
    expect(device.getAttribute('aria-invalid')).toBe('true');
    // The error under the field (the select's first option, its prompt, has the same words).
    expect(screen.getByText('Choose a signing device', { ignore: 'script, style, option' })).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('takes the keyboard to the device the server refused', async () => {
    const bodies = answerEveryRequest(() =>
      refusal({ signingDeviceUid: 'This device already signs for the wallet' }),
    );
    const { device, submit } = renderForm([LEDGER, TREZOR], TREZOR.uid);
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('This device already signs for the wallet')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(device));
    expect(device.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ signingDeviceUid: TREZOR.uid }]);
  });

  it('says under the device, in Brazilian Portuguese, that another signer already uses its address', async () => {
    const bodies = answerEveryRequest(() =>
      Response.json(
        {
          error: {
            code: 'CONFLICT',
            message: WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE,
            messageCode: 'messages.walletSignerAddressTaken',
            fields: { signingDeviceUid: WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE },
            fieldCodes: { signingDeviceUid: { code: 'messages.walletSignerAddressTaken' } },
          },
        },
        { status: 409 },
      ),
    );
    await renderPage(
      <SigningDeviceForm organization={ORGANIZATION} devices={[LEDGER, TREZOR]} current={LEDGER.uid} />,
      {
        locale: 'pt-BR',
      },
    );
    const form = await screen.findByRole('form', { name: 'Definir dispositivo de assinatura' });
    const device = within(form).getByRole('combobox', { name: /Dispositivo de assinatura/ });
    fireEvent.click(within(form).getByRole('button', { name: 'Definir dispositivo de assinatura' }));

    const message = await within(form).findByText(
      'Outro signatário desta carteira já usa este endereço: escolha outro dispositivo de assinatura',
    );
    await waitFor(() => expect(document.activeElement).toBe(device));
    expect(device.getAttribute('aria-invalid')).toBe('true');
    expect(device.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText(WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE)).toBeNull();
    expect(bodies).toEqual([{ signingDeviceUid: LEDGER.uid }]);
  });
});
