import { NotFoundView, type TRemoteModule } from '@dash/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from '../features/auth/routes/AuthLayout';
import {
  approvedOrganizationLoader,
  authLoader,
  dashboardIndexLoader,
  dashboardLoader,
  organizationLoader,
  revalidateOnPathChange,
} from '../features/dashboard/guards';
import { DashboardLayout } from '../features/dashboard/routes/DashboardLayout';
import { lazyPage } from '../features/errors/reload-once';
import { RouteErrorView } from '../features/errors/routes/RouteErrorView';
import { AppLoading } from '../features/layout/components/AppLoading';
import { SidebarLayout } from '../features/layout/routes/SidebarLayout';
import { OperatorsOnly } from '../features/ops/OperatorsOnly';
import { OrganizationLayout } from '../features/organizations/routes/OrganizationLayout';
import { RemoteArea, type TAreaKey } from '../features/remotes/components/RemoteArea';

/**
 * The sign-in page's module. Lazy, so its form library stays off every signed-in page. For a visitor
 * without a session the bootstrap loads it before the first render (its chunks are preloaded with
 * the shell's, boot-assets.json `signIn`), so the router finds it loaded. The import request is
 * SIGN_IN_PAGE_ASSETS.request (shared/src/federation.ts), which finds these chunks in the build.
 */
export const loadSignInPage = () => import('../features/auth/routes/SignInPage');

/**
 * A route element that loads one area from a remote; the key keeps each area's state apart. `area`
 * names it in the shell's messages (areas.*), for the loading and unavailable states.
 */
const remote = (module: TRemoteModule, area: TAreaKey) => (
  <RemoteArea key={module} module={module} area={area} />
);

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}

/** The dashboard's routes: the browser's router and the server's first render (ssr.tsx) use the same. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorView />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          path: 'auth',
          loader: authLoader(queryClient),
          shouldRevalidate: revalidateOnPathChange,
          Component: AuthLayout,
          children: [
            {
              index: true,
              lazy: lazyPage(() => loadSignInPage().then((m) => ({ Component: m.SignInPage }))),
            },
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
        { path: 'change-email', element: remote('remote-settings/ChangeEmailPage', 'changeEmail') },
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
          shouldRevalidate: revalidateOnPathChange,
          Component: DashboardLayout,
          children: [
            {
              index: true,
              loader: dashboardIndexLoader(queryClient),
              shouldRevalidate: revalidateOnPathChange,
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
              shouldRevalidate: revalidateOnPathChange,
              Component: OrganizationLayout,
              children: [
                // The page a new organization lands on: an empty layout, no sidebar.
                { path: 'invite', element: remote('remote-settings/InvitePage', 'invitations') },
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
                      element: remote('remote-settings/OrganizationSettingsPage', 'settings'),
                    },
                    { path: 'messages/*', element: remote('remote-messages/MessagesArea', 'messages') },
                    { path: 'wallet/*', element: remote('remote-wallet/WalletArea', 'wallet') },
                    { path: 'documents', element: remote('remote-settings/DocumentsPage', 'documents') },
                    { path: 'kyb', element: remote('remote-settings/KybPage', 'kyb') },
                    {
                      loader: approvedOrganizationLoader(queryClient),
                      shouldRevalidate: revalidateOnPathChange,
                      children: [
                        { path: 'rails', element: <Navigate to="transactions" replace /> },
                        { path: 'rails/*', element: remote('remote-rails/RailsArea', 'rails') },
                        { path: 'deposit', element: remote('remote-rails/DepositPage', 'deposit') },
                        { path: 'explore/*', element: remote('remote-rails/ExploreArea', 'explore') },
                        {
                          path: 'open-stable/*',
                          element: remote('remote-rails/OpenStableArea', 'openStable'),
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
                element: remote('remote-settings/UserSettingsArea', 'settings'),
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
                  <OperatorsOnly>{remote('remote-settings/OpsReviewArea', 'complianceReview')}</OperatorsOnly>
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
  ];
}
