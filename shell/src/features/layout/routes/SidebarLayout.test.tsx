import { CurrentOrganizationProvider, SessionProvider } from '@dash/shared';
import { ORGANIZATION, USER } from '@dash/shared/test';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SidebarLayout } from './SidebarLayout';

// The account menu stands in for the whole frame: it renders when the navbar does.
const menuRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/UserMenu', () => ({
  UserMenu: () => {
    menuRenders.count += 1;
    return null; // old
  },
}));

function Page() {
  const [search] = useSearchParams();
  return <p>{`page ${search.get('page') ?? '1'}`}</p>;
}

function renderLayout() {
  const router = createMemoryRouter(
    [
      {
        path: '/org/:org',
        Component: SidebarLayout,
        children: [
          { path: 'rails/transactions', Component: Page },
          { path: 'wallet', Component: Page },
        ],
      },
    ],
    { initialEntries: [`/org/${ORGANIZATION.slug}/rails/transactions?page=1`] },
  );
  render(
    <MantineProvider>
      <SessionProvider session={{ user: USER, organizations: [ORGANIZATION] }}>
        <CurrentOrganizationProvider organization={ORGANIZATION}>
          <RouterProvider router={router} />
        </CurrentOrganizationProvider>
      </SessionProvider>
    </MantineProvider>,
  );
  return router;
}

describe('the sidebar layout', () => {
  it('renders its frame again for a new pathname, not for new search params', async () => {
    const router = renderLayout();
    expect(await screen.findByText('page 1')).toBeTruthy();
    const rails = () => screen.getByRole('link', { name: 'Rails' });
    const wallet = () => screen.getByRole('link', { name: 'Wallet' });
    expect(rails().getAttribute('aria-current')).toBe('page');
    const before = menuRenders.count;

    // Paging a list: the page follows, the frame does not render.
    await act(() => router.navigate(`/org/${ORGANIZATION.slug}/rails/transactions?page=2`));
    expect(screen.getByText('page 2')).toBeTruthy();
    expect(menuRenders.count).toBe(before);

    // Another area: the frame renders and the navigation marks the new current page.
    await act(() => router.navigate(`/org/${ORGANIZATION.slug}/wallet`));
    expect(menuRenders.count).toBeGreaterThan(before);
    expect(wallet().getAttribute('aria-current')).toBe('page');
    expect(rails().getAttribute('aria-current')).toBeNull();
  });

  it('follows a plain click on a navigation link in the app, and leaves a modified one to the browser', async () => {
    const router = renderLayout();
    expect(await screen.findByText('page 1')).toBeTruthy();
    const wallet = screen.getByRole('link', { name: 'Wallet' });
    expect(wallet.getAttribute('href')).toBe(`/org/${ORGANIZATION.slug}/wallet`);

    // Whether the click reached the window with the browser's navigation still to come (jsdom cannot
    // load a document: the listener records it and stops it).
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      // A new tab: the browser's, the router stays where it is.
      fireEvent.click(wallet, { ctrlKey: true });
      expect(router.state.location.pathname).toBe(`/org/${ORGANIZATION.slug}/rails/transactions`);
      // A plain click: the router's (the page load is prevented).
      await act(async () => {
        fireEvent.click(wallet);
      });
      expect(leftToBrowser).toEqual([true, false]);
    } finally {
      window.removeEventListener('click', record);
    }
    expect(router.state.location.pathname).toBe(`/org/${ORGANIZATION.slug}/wallet`);
    expect(screen.getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe('page');
  });
});
