import { ZProvidersResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { call } from '../test/http';
import { DEMO_USER, seed } from './seed';
import { seedProviderCatalogue } from './seed-providers';

describe('the seeded provider catalogue', () => {
  it('lists Transfero (BRL/Pix, testbrz on polygon-amoy) and Bitso (MXN/SPEI) on the sandbox for the demo organization', async () => {
    const testApp = await createTestApp();
    const { organizationUid } = await seed(testApp.db);
    expect(await seedProviderCatalogue(testApp.db)).toBe(3);
    expect(await seedProviderCatalogue(testApp.db)).toBe(3);

    const cookie = await signIn(testApp.app, DEMO_USER.email);
    const listed = await call(testApp.app, 'GET', '/providers', { cookie, organization: organizationUid });
    const providers = ZProvidersResponse.parse(listed.json()).data;
    expect(providers.map((provider) => [provider.name, provider.onboardingOpen])).toEqual([
      ['Bitso', true],
      ['Circle', false],
      ['Transfero', true],
    ]);
    const transfero = providers.find((provider) => provider.name === 'Transfero');
    expect(transfero?.fiat).toEqual([{ currency: 'BRL', rail: 'Pix' }]);
    expect(transfero?.stablecoins).toContainEqual({ symbol: 'testbrz', network: 'polygon-amoy' });
    expect(providers.find((provider) => provider.name === 'Bitso')?.fiat).toEqual([
      { currency: 'MXN', rail: 'SPEI' },
    ]);
  });
});
