import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  subscribeToToastsWanted,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  theme,
  toastsWanted,
} from '@dash/shared';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The toast container, mounted once the first toast is asked for (notify.ts loads the same module,
 * whose store keeps the toast until the container shows it): no toast code on the first page.
 */
function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} position="top-right" />
    </Suspense>
  );
}

/** The one QueryClient, theme and toast host of the dashboard; remotes use these through the share scope. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
