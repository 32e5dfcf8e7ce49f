import {
  CurrentOrganizationProvider,
  SessionProvider,
  type TOrganization,
  type TRole,
  type TTransfer,
} from '@dash/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import '../i18n';
import { vi } from 'vitest';

// A file's first render loads Mantine, the page and its messages: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

export const ORGANIZATION_UID = '33333333-3333-4333-8333-333333333333';

/** A transfer as the API answers it; `n` makes uid and time distinct. */
export function transferFixture(n: number, overrides: Partial<TTransfer> = {}): TTransfer {
  const uid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 60_000).toISOString();
  return {
    uid,
    type: 'on_ramp',
    status: 'completed',
    provider: { uid: '22222222-2222-4222-8222-222222222222', name: 'Transfero' },
    network: 'polygon-amoy',
    sourceCurrency: 'BRL',
    sourceAmount: `${100 + n}.50`,
    targetCurrency: 'testbrz',
    targetAmount: `${98 + n}.50`,
    rate: '1.00',
    fee: '2.00',
    feeCurrency: 'BRL',
    fiatCurrency: 'BRL',
    wallet: { uid: '44444444-4444-4444-8444-444444444444', name: 'Treasury', address: '0xabc' },
    bankBeneficiary: null,
    instructions: null,
    providerReference: `trf_${n}`,
    txHash: null,
    payoutReference: null,
    failureReason: null,
    approval: { required: false, approvedBy: null },
    createdBy: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The router's current location, for tests to read the URL the page wrote. */
function Location() {
  const location = useLocation();
  return (
    <div role="status" aria-label="Location">
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/** Renders one remote-rails page as the shell mounts it: Mantine, react-query, session, organization, router. */
export function renderRails(
  page: ReactNode,
  { url, role = 'Admin', path = '*' }: { url: string; role?: TRole; path?: string },
) {
  const organization: TOrganization = {
    uid: ORGANIZATION_UID,
    name: 'Acme',
    slug: 'acme',
    avatar: null,
    role,
    approvalStatus: 'Approved',
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  const user = {
    uid: '11111111-1111-4111-8111-111111111111',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'S',
  };
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider session={{ user: { ...user, type: 'user' }, organizations: [organization] }}>
          <CurrentOrganizationProvider organization={organization}>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route
                  path={path}
                  element={
                    <>
                      {page}
                      <Location />
                    </>
                  }
                />
                <Route path="*" element={<Location />} />
              </Routes>
            </MemoryRouter>
          </CurrentOrganizationProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
