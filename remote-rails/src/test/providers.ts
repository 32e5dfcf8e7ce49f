import type { TCatalogueProvider } from '@dash/shared/api';

export const PROVIDER_UID = '22222222-2222-4222-8222-222222222222';

/** Transfero as the catalogue lists it: BRL over Pix, testbrz on Polygon Amoy, no fees, onboarding open. */
export const PROVIDER: TCatalogueProvider = {
  uid: PROVIDER_UID,
  name: 'Transfero',
  logoUrl: null,
  description: 'Pix rails',
  countries: ['BR'],
  fiat: [{ currency: 'BRL', rail: 'Pix' }],
  stablecoins: [{ symbol: 'testbrz', network: 'polygon-amoy' }],
  networks: ['polygon-amoy'],
  fees: [],
  onboardingOpen: true,
};
