import type { TCatalogueProvider } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { providerAddresses, providers } from './schema';
import { ensureProviders } from './seed-messages';

type CatalogueEntry = Pick<
  typeof providers.$inferInsert,
  | 'description'
  | 'countries'
  | 'fiat'
  | 'stablecoins'
  | 'fees'
  | 'listed'
  | 'onboardingOpen'
  | 'adapter'
  | 'adapterAccount'
>;

const fee = (
  currency: TCatalogueProvider['fees'][number]['currency'],
  values: Omit<TCatalogueProvider['fees'][number], 'currency'>,
) => ({
  currency,
  ...values,
});

/**
 * The catalogue entries of the demo providers the Message Center seed creates (found by their first
 * address), so one provider record serves both: Transfero (BRL/Pix, testbrz on polygon-amoy) and
 * Bitso (MXN/SPEI) onboard through the sandbox provider; Circle is listed with onboarding closed.
 */
export const DEMO_CATALOGUE: Record<string, CatalogueEntry> = {
  'ops@transfero.example': {
    description:
      'Brazilian payments institution: BRL in and out over Pix, settled in BRL stablecoins and USDC. Sandbox account.',
    countries: ['BR'],
    fiat: [{ currency: 'BRL', rail: 'Pix' }],
    // A sandbox account: its testnet token only (the dev chains stand in for Polygon Amoy).
    stablecoins: [{ symbol: 'testbrz', network: 'polygon-amoy' }],
    fees: [
      fee('BRL', { percentageFee: '0.50', fixedFee: '1.00', minAmount: '10.00', maxAmount: '500000.00' }),
    ],
    listed: true,
    onboardingOpen: true,
    adapter: 'sandbox',
    adapterAccount: 'transfero',
  },
  'support@bitso.example': {
    description: 'Mexican exchange: MXN in and out over SPEI, settled in USDC and MXNB. Sandbox account.',
    countries: ['MX'],
    fiat: [{ currency: 'MXN', rail: 'SPEI' }],
    // A sandbox offers testnets, as real providers' sandboxes do (the dev chains stand in for them).
    stablecoins: [
      { symbol: 'USDC', network: 'arbitrum-sepolia' },
      { symbol: 'MXNB', network: 'arbitrum-sepolia' },
    ],
    fees: [
      fee('MXN', { percentageFee: '0.30', fixedFee: '5.00', minAmount: '100.00', maxAmount: '2000000.00' }),
    ],
    listed: true,
    onboardingOpen: true,
    adapter: 'sandbox',
    adapterAccount: 'bitso',
  },
  'treasury@circle.example': {
    description: 'USDC issuer. Listed for reference; onboarding through the dashboard is not open yet.',
    countries: ['US'],
    fiat: [],
    stablecoins: [
      { symbol: 'USDC', network: 'ethereum' },
      { symbol: 'USDC', network: 'arbitrum-one' },
      { symbol: 'USDC', network: 'base' },
    ],
    fees: [],
    listed: true,
    onboardingOpen: false,
    adapter: null,
    adapterAccount: null,
  },
};

/** Writes the catalogue entries onto the demo providers (idempotent: seeding again rewrites the same). */
export async function seedProviderCatalogue(db: Database): Promise<number> {
  await ensureProviders(db);
  let updated = 0;
  for (const [address, entry] of Object.entries(DEMO_CATALOGUE)) {
    const [known] = await db
      .select({ uid: providerAddresses.providerUid })
      .from(providerAddresses)
      .where(eq(providerAddresses.address, address));
    if (!known) continue;
    await db.update(providers).set(entry).where(eq(providers.uid, known.uid));
    updated += 1;
  }
  return updated;
}
