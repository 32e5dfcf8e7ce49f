import { setLocale } from '@dash/shared';
import type { TCatalogueProvider } from '@dash/shared/api';
import { PROVIDER, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import ExplorePage from './ExplorePage';

/** Transfero plus a provider with USDC on Arbitrum One and Polygon Amoy. */
const PROVIDERS: TCatalogueProvider[] = [
  PROVIDER,
  {
    ...PROVIDER,
    uid: '66666666-6666-4666-8666-666666666666',
    name: 'Bitso',
    stablecoins: [
      { symbol: 'testbrz', network: 'polygon-amoy' },
      { symbol: 'USDC', network: 'arbitrum-one' },
    ],
    networks: ['polygon-amoy', 'arbitrum-one'],
  },
];

/** Stubs fetch with the catalogue; returns the URLs asked for. */
function answerCatalogue(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return Response.json({ data: PROVIDERS });
    }),
  );
  return urls;
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLocale('en', { remember: false });
});

describe('the Explore page', () => {
  it("names each provider's networks as the forms do, not by their ids", async () => {
    answerCatalogue();
    renderPage(<ExplorePage />);
    const bitso = await screen.findByRole('article', { name: 'Bitso' });
    expect(within(bitso).getByLabelText('Networks').textContent).toBe('Networks:Polygon AmoyArbitrum One');
    expect(within(bitso).getByText('testbrz on Polygon Amoy, USDC on Arbitrum One')).toBeTruthy();
    expect(screen.queryByText(/polygon-amoy|arbitrum-one/)).toBeNull();
  });

  it('says the stablecoins line in pt-BR with the names too', async () => {
    answerCatalogue();
    await renderPage(<ExplorePage />, { locale: 'pt-BR' });
    const bitso = await screen.findByRole('article', { name: 'Bitso' });
    expect(within(bitso).getByText('testbrz na Polygon Amoy, USDC na Arbitrum One')).toBeTruthy();
    expect(screen.queryByText(/polygon-amoy|arbitrum-one/)).toBeNull();
  });

  it('shows the network in the URL by its name', async () => {
    const urls = answerCatalogue();
    renderPage(<ExplorePage />, { url: '/explore?network=polygon-amoy' });
    await screen.findByRole('article', { name: 'Bitso' });
    const filter = screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement;
    expect(filter.selectedOptions[0]?.textContent).toBe('Polygon Amoy');
    expect(urls.some((url) => url.includes('network=polygon-amoy'))).toBe(true);
  });

  it('offers the networks by name and keeps the chosen id in the URL and the request', async () => {
    const urls = answerCatalogue();
    renderPage(<ExplorePage />, { url: '/explore' });
    await screen.findByRole('article', { name: 'Bitso' });
    const filter = screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement;
    expect(within(filter).getByRole('option', { name: 'Polygon Amoy' })).toBeTruthy();
    expect(within(filter).queryByRole('option', { name: 'arbitrum-one' })).toBeNull();
    const arbitrum = within(filter).getByRole('option', { name: 'Arbitrum One' }) as HTMLOptionElement;
    fireEvent.change(filter, { target: { value: arbitrum.value } });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
        '/explore?network=arbitrum-one',
      ),
    );
    await waitFor(() => expect(filter.selectedOptions[0]?.textContent).toBe('Arbitrum One'));
    await waitFor(() => expect(urls.some((url) => url.includes('network=arbitrum-one'))).toBe(true));
  });
});
