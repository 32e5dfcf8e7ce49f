import { PROVIDER_NO_KYB_MESSAGE, type TProviderAccount } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import ProviderAccountPage from './ProviderAccountPage';

const PROVIDER_UID = '22222222-2222-4222-8222-222222222222';
const ACCOUNT: TProviderAccount = {
  uid: '55555555-5555-4555-8555-555555555555',
  provider: { uid: PROVIDER_UID, name: 'Transfero', logoUrl: null },
  status: 'Pending',
  reason: null,
  requirements: [],
  externalId: 'acc_1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
};

const PAGE = { url: `/org/acme/open-stable/${PROVIDER_UID}`, path: '/org/:org/open-stable/:providerUid' };

function serve(account: TProviderAccount) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: account }), { status: 200 })),
  );
}

function open(account: TProviderAccount) {
  serve(account);
  renderPage(<ProviderAccountPage />, PAGE);
}

async function openInPortuguese(account: TProviderAccount) {
  serve(account);
  await renderPage(<ProviderAccountPage />, { ...PAGE, locale: 'pt-BR' });
}

afterEach(() => vi.unstubAllGlobals());

describe('a provider account under review', () => {
  it('says the provider is reviewing while it asks for nothing', async () => {
    open(ACCOUNT);
    expect(await screen.findByText('The provider is reviewing your application.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the Message Center' })).toBeNull();
  });

  it('says it waits on the organization when the provider asks for more, and where to answer', async () => {
    open({
      ...ACCOUNT,
      requirements: [{ code: 'proof_of_address', description: 'A proof of address less than 3 months old' }],
    });
    expect(await screen.findByText(/The provider needs more from you before it decides/)).toBeTruthy();
    expect(screen.queryByText('The provider is reviewing your application.')).toBeNull();
    const asks = screen.getByText('A proof of address less than 3 months old').closest('[role="alert"]');
    expect(asks).not.toBeNull();
    expect(
      within(asks as HTMLElement)
        .getByRole('link', { name: 'Open the Message Center' })
        .getAttribute('href'),
    ).toBe('/org/acme/messages');
  });

  it("says the API's own reason for a failed onboarding in the reader's language, a provider's as it wrote it", async () => {
    await openInPortuguese({
      ...ACCOUNT,
      status: 'Failed',
      reason: PROVIDER_NO_KYB_MESSAGE,
      reasonCode: { code: 'messages.providerNoKyb' },
    });
    expect(
      await screen.findByText('A organização não tem uma solicitação KYB aprovada para enviar.'),
    ).toBeTruthy();
    expect(screen.queryByText(PROVIDER_NO_KYB_MESSAGE)).toBeNull();
  });

  it("shows a provider's own reason as it came", async () => {
    await openInPortuguese({ ...ACCOUNT, status: 'Rejected', reason: 'Documento ilegível' });
    expect(await screen.findByText('Documento ilegível')).toBeTruthy();
  });
});
