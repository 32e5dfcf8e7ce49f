import { NotFoundView, type TRemoteModule } from '@dash/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AuthLayout } from '../features/auth/routes/AuthLayout';
import { SignInPage } from '../features/auth/routes/SignInPage';
import {
  approvedOrganizationLoader,
  authLoader,
  dashboardIndexLoader,
  dashboardLoader,
  organizationLoader,
} from '../features/dashboard/guards';
import { DashboardLayout } from '../features/dashboard/routes/DashboardLayout';
import { lazyPage } from '../features/errors/reload-once';
import { RouteErrorView } from '../features/errors/routes/RouteErrorView';
import { AppLoading } from '../features/layout/components/AppLoading';
import { SidebarLayout } from '../features/layout/routes/SidebarLayout';
import { OperatorsOnly } from '../features/ops/OperatorsOnly';
import { OrganizationLayout } from '../features/organizations/routes/OrganizationLayout';
import { RemoteArea } from '../features/remotes/components/RemoteArea';

/** A route element that loads one area from a remote; the key keeps each area's state apart. */
const remote = (module: TRemoteModule, area: string) => (
  <RemoteArea key={module} module={module} area={area} />
);

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorView />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          path: 'auth',
          loader: authLoader(queryClient),
          Component: AuthLayout,
          children: [
            { index: true, Component: SignInPage },
            {
              path: 'allowlist',
              lazy: lazyPage(() =>
                import('../features/auth/routes/AllowlistPage').then((m) => ({ Component: m.AllowlistPage })),
              ),
            },
          ],
        },
        // Verification must run with or without a session (a link opened in a signed-in browser).
        {
          path: 'auth/:token',
          lazy: lazyPage(() =>
            import('../features/auth/routes/VerifyPage').then((m) => ({ Component: m.VerifyPage })),
          ),
        },
        { path: 'change-email', element: remote('remote-settings/ChangeEmailPage', 'E-mail change') },
        {
          path: 'design-system',
          lazy: lazyPage(() =>
            import('../features/design-system/routes/DesignSystemPage').then((m) => ({
              Component: m.DesignSystemPage,
            })),
          ),
        },
        {
          path: 'dev/mailbox',
          lazy: lazyPage(() =>
            import('../features/dev-mailbox/routes/DevMailboxPage').then((m) => ({
              Component: m.DevMailboxPage,
            })),
          ),
        },
        {
          id: 'dashboard',
          loader: dashboardLoader(queryClient),
          Component: DashboardLayout,
          children: [
            {
              index: true,
              loader: dashboardIndexLoader(queryClient),
              lazy: lazyPage(() =>
                import('../features/organizations/routes/CreateOrganizationPage').then((m) => ({
                  Component: m.CreateOrganizationPage,
                })),
              ),
            },
            {
              path: 'organizations/new',
              lazy: lazyPage(() =>
                import('../features/organizations/routes/CreateOrganizationPage').then((m) => ({
                  Component: m.CreateOrganizationPage,
                })),
              ),
            },
            {
              path: 'org/:org',
              id: 'organization',
              loader: organizationLoader(queryClient),
              Component: OrganizationLayout,
              children: [
                // The page a new organization lands on: an empty layout, no sidebar.
                { path: 'invite', element: remote('remote-settings/InvitePage', 'Invitations') },
                {
                  Component: SidebarLayout,
                  children: [
                    {
                      index: true,
                      lazy: lazyPage(() =>
                        import('../features/overview/routes/OverviewPage').then((m) => ({
                          Component: m.OverviewPage,
                        })),
                      ),
                    },
                    {
                      path: 'settings',
                      element: remote('remote-settings/OrganizationSettingsPage', 'Settings'),
                    },
                    { path: 'messages/*', element: remote('remote-messages/MessagesArea', 'Message Center') },
                    { path: 'wallet/*', element: remote('remote-wallet/WalletArea', 'Wallet') },
                    { path: 'documents', element: remote('remote-settings/DocumentsPage', 'Documents') },
                    { path: 'kyb', element: remote('remote-settings/KybPage', 'KYB') },
                    {
                      loader: approvedOrganizationLoader(queryClient),
                      children: [
                        { path: 'rails', element: <Navigate to="transactions" replace /> },
                        { path: 'rails/*', element: remote('remote-rails/RailsArea', 'Rails') },
                        { path: 'deposit', element: remote('remote-rails/DepositPage', 'Deposit') },
                        { path: 'explore/*', element: remote('remote-rails/ExploreArea', 'Explore') },
                        {
                          path: 'open-stable/*',
                          element: remote('remote-rails/OpenStableArea', 'Open Stable'),
                        },
                      ],
                    },
                    { path: '*', Component: NotFoundView },
                  ],
                },
              ],
            },
            {
              path: 'settings',
              Component: SidebarLayout,
              // The index too: a splat child does not match /settings itself (the remote redirects to the profile).
              children: [{ index: true }, { path: '*' }].map((route) => ({
                ...route,
                element: remote('remote-settings/UserSettingsArea', 'Settings'),
              })),
            },
            // The compliance review: operators only (anyone else gets Not Found; the API answers 403).
            {
              path: 'ops/kyb',
              Component: SidebarLayout,
              // The queue (index) and one application (*); the remote routes within.
              children: [{ index: true }, { path: '*' }].map((route) => ({
                ...route,
                element: (
                  <OperatorsOnly>
                    {remote('remote-settings/OpsReviewArea', 'Compliance review')}
                  </OperatorsOnly>
                ),
              })),
            },
          ],
        },
        // Outside the dashboard frame, the page is its own main landmark.
        {
          path: '*',
          element: (
            <main>
              <NotFoundView />
            </main>
          ),
        },
      ],
    },
  ]);
}
