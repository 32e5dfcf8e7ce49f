import { meQueryOptions, myOrganizationsQueryOptions, type TOrganization } from '@dash/shared';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  approvedOrganizationLoader,
  authLoader,
  dashboardIndexLoader,
  dashboardLoader,
  organizationLoader,
  revalidateOnPathChange,
} from './guards';

const user = {
  type: 'user' as const,
  uid: crypto.randomUUID(),
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Lima',
};
const organization = (overrides: Partial<TOrganization>): TOrganization => ({
  uid: crypto.randomUUID(),
  name: 'Acme Treasury',
  slug: 'acme-treasury',
  avatar: null,
  role: 'Admin',
  approvalStatus: 'Approved',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function cacheWith(session: typeof user | null, organizations: TOrganization[] | Error): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryOptions().queryKey, session);
  if (organizations instanceof Error) {
    queryClient.setQueryDefaults(myOrganizationsQueryOptions().queryKey, {
      queryFn: () => Promise.reject(organizations),
    });
  } else {
    queryClient.setQueryData(myOrganizationsQueryOptions().queryKey, organizations);
  }
  return queryClient;
}

function args(url: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${url}`), params, context: undefined } as LoaderFunctionArgs;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

describe('dashboard route guards', () => {
  it('sends a visitor without a session to sign-in, remembering where they were going', async () => {
    const response = (await thrown(
      dashboardLoader(cacheWith(null, []))(args('/org/acme/wallet?x=1')),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/auth?redirect=%2Forg%2Facme%2Fwallet%3Fx%3D1');
  });

  it('sends a visitor without a session to sign-in from every guard, without asking for the organizations', async () => {
    // The router runs a page's loaders side by side: none of them may ask for the list first (a 401).
    const refused = new Error('401: no session');
    for (const [loader, url, params] of [
      [dashboardIndexLoader, '/', {}],
      [organizationLoader, '/org/acme/wallet', { org: 'acme' }],
      [approvedOrganizationLoader, '/org/acme/rails?size=100', { org: 'acme' }],
    ] as const) {
      const queryClient = cacheWith(null, refused);
      const response = (await thrown(loader(queryClient)(args(url, params)))) as Response;
      expect(response.headers.get('Location')).toBe(`/auth?redirect=${encodeURIComponent(url)}`);
      // Never asked for: the cache has no query for the list at all.
      expect(queryClient.getQueryState(myOrganizationsQueryOptions().queryKey)).toBeUndefined();
    }
  });

  it('throws the spec message when the organization list cannot be loaded', async () => {
    const error = await thrown(dashboardLoader(cacheWith(user, new Error('boom')))(args('/')));
    expect(error).toEqual(new Error('Failed to fetch organizations'));
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    const response = (await thrown(authLoader(cacheWith(user, []))())) as Response;
    expect(response.headers.get('Location')).toBe('/');
  });

  it('lets a visitor without a session see the sign-in page', async () => {
    await expect(authLoader(cacheWith(null, []))()).resolves.toBeNull();
  });

  it('opens the first organization from the index, or the create page when there is none', async () => {
    const first = organization({ slug: 'first-org' });
    const response = (await thrown(
      dashboardIndexLoader(cacheWith(user, [first, organization({ slug: 'second' })]))(args('/')),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/org/first-org');
    await expect(dashboardIndexLoader(cacheWith(user, []))(args('/'))).resolves.toBeNull();
  });

  it('replaces an unknown organization slug with the dashboard root', async () => {
    const response = (await thrown(
      organizationLoader(cacheWith(user, [organization({})]))(
        args('/org/someone-else', { org: 'someone-else' }),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('gives the organization of a known slug', async () => {
    const acme = organization({});
    await expect(
      organizationLoader(cacheWith(user, [acme]))(args('/org/acme-treasury', { org: 'acme-treasury' })),
    ).resolves.toEqual(acme);
  });

  it('keeps organizations that are not Approved out of rails, deposit, explore and open-stable', async () => {
    const pending = organization({ slug: 'new-co', approvalStatus: 'Pending' });
    const response = (await thrown(
      approvedOrganizationLoader(cacheWith(user, [pending]))(args('/org/new-co/rails', { org: 'new-co' })),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/org/new-co');
    await expect(
      approvedOrganizationLoader(cacheWith(user, [organization({})]))(
        args('/org/acme-treasury/rails', { org: 'acme-treasury' }),
      ),
    ).resolves.toBeNull();
  });
});

describe('revalidateOnPathChange', () => {
  const decide = (from: string, to: string, defaultShouldRevalidate = true) =>
    revalidateOnPathChange({
      currentUrl: new URL(from, 'http://localhost'),
      nextUrl: new URL(to, 'http://localhost'),
      defaultShouldRevalidate,
    } as Parameters<typeof revalidateOnPathChange>[0]);

  it('runs no guard again when only the search changes (a filter, a page, a tab)', () => {
    expect(decide('/org/acme/rails/transactions?size=10', '/org/acme/rails/transactions?size=100')).toBe(
      false,
    );
    expect(decide('/org/acme/settings', '/org/acme/settings?tab=members')).toBe(false);
  });

  it("follows the router's default for another path or the same URL (an explicit revalidation)", () => {
    expect(decide('/org/acme/rails/transactions?size=10', '/org/other/rails/transactions?size=10')).toBe(
      true,
    );
    expect(decide('/org/acme/wallet', '/org/acme/wallet')).toBe(true);
    expect(decide('/org/acme/wallet', '/org/acme/kyb', false)).toBe(false);
  });
});
