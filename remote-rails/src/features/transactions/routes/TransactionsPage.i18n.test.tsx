import { PERMISSION_DENIED_MESSAGE, setLocale, type TLocale } from '@dash/shared';
import {
  INVALID_CLABE,
  ONBOARDING_CLOSED_MESSAGE,
  PIX_KEY_TYPE_LABELS,
  TRANSFER_STATUS_LABELS,
  TRANSFER_TYPE_LABELS,
  type TTransactionsResponse,
  type TTransfer,
} from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import en from '../../../locales/en.json';
import TransactionsPage from './TransactionsPage';

const TRANSFER: TTransfer = {
  uid: '66666666-6666-4666-8666-666666666666',
  type: 'on_ramp',
  status: 'completed',
  provider: { uid: '77777777-7777-4777-8777-777777777777', name: 'Transfero' },
  network: 'polygon-amoy',
  sourceCurrency: 'BRL',
  sourceAmount: '1234.56',
  targetCurrency: 'testbrz',
  targetAmount: '1230.5',
  rate: '1',
  fee: '4.06',
  feeCurrency: 'BRL',
  fiatCurrency: 'BRL',
  wallet: { uid: '88888888-8888-4888-8888-888888888888', name: 'Treasury', address: '0xabc' },
  bankBeneficiary: null,
  instructions: null,
  providerReference: null,
  txHash: null,
  payoutReference: null,
  failureReason: null,
  approval: { required: false, approvedBy: null },
  createdBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
};

function renderTransactions(locale: TLocale, transfers: TTransfer[], total = 1234) {
  const answer: TTransactionsResponse = {
    data: transfers,
    page: 1,
    size: 10,
    total,
    totalIsExact: true,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
  return renderPage(<TransactionsPage />, { locale });
}

// The first render loads Mantine and the page: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => setLocale('en', { remember: false }));

describe('the Transactions page in other languages', () => {
  it('speaks Brazilian Portuguese, with BRL as R$ 1.234,56', async () => {
    await renderTransactions('pt-BR', [TRANSFER]);
    await screen.findByRole('heading', { name: 'Transações' });
    const table = await screen.findByRole('table', { name: 'Transações' });
    expect(within(table).getByRole('columnheader', { name: 'Enviado' })).toBeTruthy();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    // Intl puts a no-break space between the symbol and the number.
    expect(row.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 1.234,56');
    expect(row.textContent?.replace(/\u00a0/g, ' ')).toContain('1.230,50 testbrz');
    expect(within(row).getByText('Concluída')).toBeTruthy();
    expect(screen.getByText('Página 1 de 124 (1.234 transações)')).toBeTruthy();
    // The counterparty's column is "Para" (to whom), not the date filter's "Até" (until).
    expect(within(table).getByRole('columnheader', { name: 'Para' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Até' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Novo on-ramp' })).toBeTruthy();
    expect(screen.queryByText('Transactions')).toBeNull();
  });

  it('speaks Mexican Spanish, with MXN as $1,234.56', async () => {
    await renderTransactions('es-MX', [
      {
        ...TRANSFER,
        sourceCurrency: 'MXN',
        fiatCurrency: 'MXN',
        feeCurrency: 'MXN',
        status: 'awaiting_funds',
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('$1,234.56');
    expect(within(row).getByText('Esperando fondos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByText('Página 1 de 124 (1,234 transacciones)')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Destinatario' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Hasta' })).toBeNull();
  });

  it('says one transaction in the singular', async () => {
    await renderTransactions('pt-BR', [TRANSFER], 1);
    expect(await screen.findByText('Página 1 de 1 (1 transação)')).toBeTruthy();
    cleanup();
    await renderTransactions('es-MX', [TRANSFER], 1);
    expect(await screen.findByText('Página 1 de 1 (1 transacción)')).toBeTruthy();
  });

  it("says at the To date, in the reader's language, that a range ends before it starts", async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const reversed = { url: '/?from=2026-11-28&to=2026-11-01' };
    await renderPage(<TransactionsPage />, { ...reversed, locale: 'es-MX' });
    expect(await screen.findByText('La fecha final es anterior a la fecha inicial')).toBeTruthy();
    expect(screen.getByText('Corrige las fechas para ver las transacciones.')).toBeTruthy();
    expect(screen.getByLabelText('Hasta').getAttribute('aria-invalid')).toBe('true');
    cleanup();
    await renderPage(<TransactionsPage />, { ...reversed, locale: 'pt-BR' });
    expect(await screen.findByText('A data final é anterior à data inicial')).toBeTruthy();
    expect(screen.getByText('Corrija as datas para ver as transações.')).toBeTruthy();
    expect(screen.getByLabelText('Até').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the English texts word for word with the shared contracts they mirror', () => {
    expect(en.transferStatus).toEqual(TRANSFER_STATUS_LABELS);
    expect(en.transferType).toEqual(TRANSFER_TYPE_LABELS);
    expect(en.pixKeyType).toEqual(PIX_KEY_TYPE_LABELS);
    expect(en.beneficiaries.invalidClabe).toBe(INVALID_CLABE);
    expect(en.explore.onboardingClosedReason).toBe(ONBOARDING_CLOSED_MESSAGE);
    expect(en.common.writeDenied).toBe(PERMISSION_DENIED_MESSAGE['rails.write']);
    expect(en.common.onboardDenied).toBe(PERMISSION_DENIED_MESSAGE['openStable.onboard']);
  });
});
