import './mantine-styles';
import './focus.css';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  loadedToasts,
  subscribeToLoadedToasts,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  theme,
} from '@dash/shared';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';

/**
 * The toast container, rendered once the first toast has loaded @mantine/notifications (notify.ts;
 * its store keeps the toast until the container shows it): no toast code on the first page.
 */
function Toasts() {
  const toasts = useSyncExternalStore(subscribeToLoadedToasts, loadedToasts, () => undefined);
  if (!toasts) return null;
  return <toasts.Notifications autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} position="top-right" />;
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
