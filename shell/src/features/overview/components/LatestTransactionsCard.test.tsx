import { setLocale, type TLocale } from '@dash/shared';
import { TRANSFER_STATUSES, type TTransferSummary } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { LatestTransactionsCard } from './LatestTransactionsCard';

/** One transfer in each status, in TRANSFER_STATUSES' order. */
const TRANSFERS: TTransferSummary[] = TRANSFER_STATUSES.map((status, index) => ({
  uid: `55555555-5555-4555-8555-55555555555${index}`,
  type: 'deposit',
  status,
  provider: { uid: '66666666-6666-4666-8666-666666666666', name: 'Transfero' },
  network: 'polygon-amoy',
  sourceCurrency: 'BRL',
  sourceAmount: '100.00',
  targetCurrency: 'testbrz',
  targetAmount: '99.50',
  fiatCurrency: 'BRL',
  wallet: null,
  bankBeneficiary: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
}));

/**
 * The transfer statuses as remote-rails words them (its locales' `transferStatus`, which the audit
 * log follows too): the overview says a status the same way.
 */
const RAILS_WORDING: Record<Exclude<TLocale, 'en'>, string[]> = {
  'es-MX': [
    'Esperando aprobación',
    'Esperando fondos',
    'Fondos recibidos',
    'Pago enviado',
    'Completada',
    'Fallida',
    'Devuelta',
    'Cancelada',
  ],
  'pt-BR': [
    'Aguardando aprovação',
    'Aguardando fundos',
    'Fundos recebidos',
    'Pagamento enviado',
    'Concluída',
    'Falhou',
    'Devolvida',
    'Cancelada',
  ],
};

afterEach(async () => {
  cleanup();
  await setLocale('en', { remember: false });
});

describe('the Latest transactions card', () => {
  it.each(Object.entries(RAILS_WORDING))(
    'words each status in %s as the rails pages do',
    async (locale, wording) => {
      await renderPage(<LatestTransactionsCard transfers={TRANSFERS} />, { locale: locale as TLocale });
      const rows = within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1);
      expect(rows.map((row) => row.querySelector('td:last-child')?.textContent)).toEqual(wording);
    },
  );
});
