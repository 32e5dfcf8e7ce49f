import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type SearchUpdate, useSearchUpdate } from './use-search-update';

type Change = (next: URLSearchParams) => void;

/** Two filters changed one right after the other, before the first change reached the page. */
function twoChanges(update: (change: Change) => void) {
  update((next) => next.delete('currency'));
  update((next) => next.set('network', 'polygon-amoy'));
}

function renderAt(Page: () => null) {
  // A data router, as the shell's: its navigation completes after a microtask at least.
  const router = createMemoryRouter([{ path: '/explore', Component: Page }], {
    initialEntries: ['/explore?currency=MXN'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchUpdate', () => {
  it('starts a change from the address the previous change asked for, not the one still shown', async () => {
    let update: SearchUpdate = () => {};
    const router = renderAt(() => {
      [, update] = useSearchUpdate();
      return null;
    });
    await act(async () => twoChanges(update));
    expect(router.state.location.search).toBe('?network=polygon-amoy');
  });

  it("is needed: react-router's own functional update undoes the first change", async () => {
    let set: ReturnType<typeof useSearchParams>[1] = () => {};
    const router = renderAt(() => {
      [, set] = useSearchParams();
      return null;
    });
    await act(async () =>
      twoChanges((change: Change) =>
        set((previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          return next;
        }),
      ),
    );
    expect(router.state.location.search).toBe('?currency=MXN&network=polygon-amoy');
  });

  it('starts from the address shown once the page reached another one (Back)', async () => {
    let update: SearchUpdate = () => {};
    const router = renderAt(() => {
      [, update] = useSearchUpdate();
      return null;
    });
    await act(async () => update((next) => next.set('network', 'base')));
    expect(router.state.location.search).toBe('?currency=MXN&network=base');
    await act(async () => router.navigate('/explore?currency=BRL'));
    await act(async () => update((next) => next.set('network', 'celo')));
    expect(router.state.location.search).toBe('?currency=BRL&network=celo');
  });
});
