import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  theme,
} from '@dash/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

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
        <Notifications autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} position="top-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
