import { PERMISSION_DENIED_MESSAGE, setLocale, type TLocale } from '@dash/shared';
import {
  SAFE_ALREADY_CONFIRMED,
  SAFE_AMOUNT_DECIMALS,
  SAFE_DEVICE_UNVERIFIED,
  SAFE_NO_TRANSACTION_AT_NONCE,
  SAFE_NOT_AWAITING,
  SAFE_NOT_DEPLOYED,
  SAFE_REJECTION_EXISTS,
  SAFE_RESERVED_ADDRESS_MESSAGE,
  SAFE_SIGNATURE_MALFORMED,
  SAFE_SIGNATURE_NOT_OWNER,
  SAFE_SIGNATURE_NOT_YOURS,
  SAFE_TOKEN_NOT_ON_NETWORK,
  SAFE_WALLET_NOT_ON_NETWORK,
  type TWallet,
  WALLET_LOCKED_MESSAGE,
  WALLET_NO_SIGNERS_MESSAGE,
  WALLET_NOT_A_SIGNER_MESSAGE,
  WALLET_SIGNERS_CHANGED_MESSAGE,
  WALLET_SIGNERS_NOT_READY_MESSAGE,
} from '@dash/shared/api';
import { USER as ME, renderPage } from '@dash/shared/test';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import en from '../../../locales/en.json';
import { WalletPage } from './WalletPage';

const BRUNO = '22222222-2222-4222-8222-222222222222';
const DEVICE_A = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const DEVICE_B = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ARBITRUM = { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false } as const;

async function renderWallet(locale: TLocale, wallet: TWallet) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: wallet }), { status: 200 })),
  );
  await renderPage(<WalletPage />, { locale });
}

// The first render loads Mantine and the page: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => setLocale('en', { remember: false }));

describe('the wallet page in other languages', () => {
  it('speaks Brazilian Portuguese while signers are chosen', async () => {
    await renderWallet('pt-BR', {
      status: 'undeployed',
      chain: ARBITRUM,
      signers: [
        { uid: ME.uid, firstName: 'Ana', lastName: 'Souza', status: 'Pending' },
        { uid: BRUNO, firstName: 'Bruno', lastName: 'Test', ethAddress: DEVICE_B, status: 'Ready' },
      ],
    });
    await screen.findByRole('heading', { name: 'Inicializar carteira' });
    expect(screen.getByText(/Carteira multiassinatura de Acme, na Arbitrum One\./)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Signatários' });
    expect(within(table).getByRole('row', { name: /Ana Souza/ }).textContent).toContain('Pendente');
    expect(within(table).getByRole('row', { name: /Bruno Test/ }).textContent).toContain('Pronto');
    expect(screen.getByRole('region', { name: 'Informe um dispositivo de assinatura' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Implantar carteira' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Aguardando: Ana Souza\./)).toBeTruthy();
    expect(screen.queryByText('Signers')).toBeNull();
  });

  it('speaks Mexican Spanish once the wallet is deployed', async () => {
    await renderWallet('es-MX', {
      status: 'deployed',
      chain: ARBITRUM,
      address: ADDRESS,
      threshold: 2,
      signers: [
        { uid: ME.uid, firstName: 'Ana', lastName: 'Souza', ethAddress: DEVICE_A, status: 'Ready' },
        { uid: BRUNO, firstName: 'Bruno', lastName: 'Test', ethAddress: DEVICE_B, status: 'Ready' },
      ],
    });
    await screen.findByRole('heading', { name: 'Tu billetera está lista' });
    expect(screen.getByRole('heading', { name: 'Billetera' })).toBeTruthy();
    expect(screen.getByText('La billetera multifirma está desplegada en Arbitrum One.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Dirección de la billetera' })).toBeTruthy();
    expect(screen.getByText(/Quórum: deben firmar/).textContent).toBe(
      'Quórum: deben firmar 2 de 2 firmantes cada transacción.',
    );
    expect(screen.getByRole('link', { name: `${ADDRESS} en Safe{Wallet}` })).toBeTruthy();
  });

  it('keeps the English rule messages word for word with the shared contracts', () => {
    expect(en.rules).toEqual({
      noSigners: WALLET_NO_SIGNERS_MESSAGE,
      signersNotReady: WALLET_SIGNERS_NOT_READY_MESSAGE,
      manageDenied: PERMISSION_DENIED_MESSAGE['wallet.manage'],
      locked: WALLET_LOCKED_MESSAGE,
      notASigner: WALLET_NOT_A_SIGNER_MESSAGE,
      reservedAddress: SAFE_RESERVED_ADDRESS_MESSAGE,
      signersChanged: WALLET_SIGNERS_CHANGED_MESSAGE,
      // The Safe queue's refusals (safe-transactions contract), worded for the wallet by walletMessage.
      signatureMalformed: SAFE_SIGNATURE_MALFORMED,
      signatureNotOwner: SAFE_SIGNATURE_NOT_OWNER,
      signatureNotYours: SAFE_SIGNATURE_NOT_YOURS,
      deviceUnverified: SAFE_DEVICE_UNVERIFIED,
      alreadyConfirmed: SAFE_ALREADY_CONFIRMED,
      notAwaiting: SAFE_NOT_AWAITING,
      notDeployed: SAFE_NOT_DEPLOYED,
      noTransactionAtNonce: SAFE_NO_TRANSACTION_AT_NONCE,
      rejectionExists: SAFE_REJECTION_EXISTS,
      walletNotOnNetwork: SAFE_WALLET_NOT_ON_NETWORK,
      tokenNotOnNetwork: SAFE_TOKEN_NOT_ON_NETWORK,
      amountDecimals: SAFE_AMOUNT_DECIMALS,
    });
  });

  it('names the dev chain and a failed deployment’s reason in Mexican Spanish, the chain’s words kept as detail', async () => {
    await renderWallet('es-MX', {
      status: 'failed',
      chain: { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true },
      address: ADDRESS,
      threshold: 1,
      signers: [
        {
          uid: BRUNO,
          firstName: 'Bruno',
          lastName: 'Test',
          ethAddress: DEVICE_B,
          status: 'Ready',
          formerMember: true,
        },
      ],
      deployment: {
        error: 'The deployment could not be sent: connect ECONNREFUSED 127.0.0.1:3020',
        errorCode: 'not_sent',
      },
    });
    await screen.findByRole('heading', { name: 'Falló el despliegue de la billetera' });
    expect(screen.getByText('Arbitrum Sepolia (cadena local)')).toBeTruthy();
    expect(screen.queryByText('Arbitrum Sepolia (local)')).toBeNull();
    expect(
      screen.getByText('No se pudo enviar el despliegue: no fue posible conectar con la blockchain.'),
    ).toBeTruthy();
    expect(
      screen.getByText('The deployment could not be sent: connect ECONNREFUSED 127.0.0.1:3020'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Firmantes' })).getByText('Ya no es miembro'),
    ).toBeTruthy();
  });

  it('keeps the API’s name for a chain it does not know', async () => {
    await renderWallet('pt-BR', {
      status: 'deployed',
      chain: { id: 10, name: 'Optimism', key: 'arbitrum-one', isDevChain: false },
      address: ADDRESS,
      threshold: 1,
      signers: [{ uid: BRUNO, firstName: 'Bruno', lastName: 'Test', ethAddress: DEVICE_B, status: 'Ready' }],
    });
    await screen.findByRole('heading', { name: 'Sua carteira está pronta' });
    expect(screen.getByText('Optimism')).toBeTruthy();
  });
});
