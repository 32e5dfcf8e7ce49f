import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Alert, Anchor, Group, MantineProvider, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import React, { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useParams } from 'react-router';
import { createQueryClient } from '../client/query-client';
import type { TSessionUser } from '../contracts/auth';
import type { TOrganization } from '../contracts/organization';
import type { TRemoteName } from '../contracts/remotes';
import { getMe } from '../endpoints/get-me';
import { getMyOrganizations } from '../endpoints/get-my-organizations';
import { registerHostRuntime } from '../session/host-runtime';
import { CurrentOrganizationProvider, type Session, SessionProvider } from '../session/session-context';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  theme,
} from '../theme/theme';

export interface HarnessArea {
  label: string;
  /** A route pattern as the shell mounts it: 'org/:org/wallet/*' or 'settings/*'. */
  path: string;
  Component: ComponentType;
}

const OFFLINE_SESSION: Session = {
  user: {
    type: 'user',
    uid: '00000000-0000-4000-8000-000000000001',
    email: 'demo@example.com',
    firstName: 'Demo',
    lastName: 'User',
  },
  organizations: [
    {
      uid: '00000000-0000-4000-8000-000000000002',
      name: 'Acme Treasury',
      slug: 'acme-treasury',
      avatar: null,
      role: 'Admin',
      approvalStatus: 'Approved',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
};

async function loadSession(): Promise<{ session: Session; live: boolean }> {
  try {
    const user: TSessionUser | null = await getMe();
    if (!user) return { session: OFFLINE_SESSION, live: false };
    const organizations: TOrganization[] = await getMyOrganizations();
    return { session: { user, organizations }, live: true };
  } catch {
    return { session: OFFLINE_SESSION, live: false };
  }
}

function OrganizationScope({ session, children }: { session: Session; children: React.ReactNode }) {
  const { org } = useParams();
  const organization = session.organizations.find((candidate) => candidate.slug === org);
  if (!organization) return <Text p="md">Unknown organization “{org}” for this session.</Text>;
  return <CurrentOrganizationProvider organization={organization}>{children}</CurrentOrganizationProvider>;
}

function Harness({ remote, areas }: { remote: TRemoteName; areas: HarnessArea[] }) {
  const { data } = useQuery({
    queryKey: ['harness-session'],
    queryFn: loadSession,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) return <Text p="md">Loading session…</Text>;
  const { session, live } = data;
  const firstOrg = session.organizations[0]?.slug ?? 'acme-treasury';
  const href = (path: string) => `/${path.replace(':org', firstOrg).replace('/*', '')}`;
  return (
    <SessionProvider session={session}>
      <Stack gap="sm" p="md">
        <Group justify="space-between">
          <Text fw={700}>{remote} · standalone harness</Text>
          <Group gap="md">
            {areas.map((area) => (
              <Anchor key={area.path} component={Link} to={href(area.path)}>
                {area.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        {!live && (
          <Alert color="yellow" title="Offline demo session">
            No API session was found, so a demo session is provided. Sign in on the dashboard on this host,
            with the API running, to use real data.
          </Alert>
        )}
        <Routes>
          {areas.map(({ path, Component }) => (
            <Route
              key={path}
              path={path}
              element={
                path.includes(':org') ? (
                  <OrganizationScope session={session}>
                    <Component />
                  </OrganizationScope>
                ) : (
                  <Component />
                )
              }
            />
          ))}
          <Route path="*" element={<Navigate to={href(areas[0]?.path ?? '')} replace />} />
        </Routes>
      </Stack>
    </SessionProvider>
  );
}

/**
 * Runs one remote on its own: the QueryClient, theme, router and session the shell would
 * provide, so a team can work on its remote without the others.
 */
export function mountRemoteHarness(remote: TRemoteName, areas: HarnessArea[]): void {
  const queryClient = createQueryClient();
  registerHostRuntime({ react: React, queryClient, shellVersion: 'harness' });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme={DEFAULT_COLOR_SCHEME}
        >
          <Notifications autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} />
          <BrowserRouter>
            <Harness remote={remote} areas={areas} />
          </BrowserRouter>
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
