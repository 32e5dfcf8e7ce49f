import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Route, RouterProvider, Routes, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { RemoteArea } from './RemoteArea';

const areaRenders = vi.hoisted(() => ({ count: 0 }));

function Page() {
  const [search] = useSearchParams();
  return <p>{`page ${search.get('page') ?? '1'}`}</p>;
}

/** A remote's area: its own routes, like remote-rails' RailsArea. */
function Area() {
  areaRenders.count += 1;
  return (
    <Routes>
      <Route path="transactions" element={<Page />} />
    </Routes>
  );
}

vi.mock('../federation', () => ({
  ensureOrganizationBuild: async () => undefined,
  loadRemoteComponent: async () => Area,
  remoteOf: (module: string) => module.split('/')[0],
}));

describe('a remote area', () => {
  it('is not rendered again for new search params: only what reads them follows', async () => {
    const router = createMemoryRouter(
      [{ path: '/org/:org/rails/*', element: <RemoteArea module="remote-rails/RailsArea" area="rails" /> }],
      { initialEntries: ['/org/acme/rails/transactions?page=1'] },
    );
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText('page 1')).toBeTruthy();
    const before = areaRenders.count;

    await act(() => router.navigate('/org/acme/rails/transactions?page=2'));
    expect(screen.getByText('page 2')).toBeTruthy();
    expect(areaRenders.count).toBe(before);
  });
});
