import {
  PlainLink,
  paths,
  type TOrganization,
  useOptionalCurrentOrganization,
  useSession,
  useT,
} from '@dash/shared';
import { AppShell, Burger, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo } from 'react';
import { type NavigateFunction, Outlet, useLocation, useNavigate } from 'react-router';
import { lastOrganization } from '../../organizations/last-organization';
import { OrganizationNav } from '../components/OrganizationNav';
import { OrganizationSwitcher } from '../components/OrganizationSwitcher';
import { ThemeControl } from '../components/ThemeControl';
import { UserMenu } from '../components/UserMenu';

/**
 * The dashboard frame: organization switcher, area navigation, account menu and theme.
 *
 * Every component that calls a router hook (`useNavigate`, `useLocation`, a `Link`'s) renders again
 * on every navigation, a change of search params included: the router gives it a new location and a
 * new route context. Only this layout subscribes; the frame is memoized below it on plain values
 * (the pathname, which is all the navigation reads, and this route's `navigate`, one function for
 * its lifetime), and its `<Outlet />` follows the route context by itself. So paging a list renders
 * the page, not the frame's hundred-odd Mantine components (AppShell's context is a new object on
 * each of its renders, which would render every section again). The frame's links are PlainLinks
 * given that `navigate`, for the same reason: a `Link` renders on every navigation wherever it is.
 */
export function SidebarLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { organizations, user } = useSession();
  const routeOrganization = useOptionalCurrentOrganization();
  const remembered = organizations.find((candidate) => candidate.slug === lastOrganization());
  const organization = routeOrganization ?? remembered ?? organizations[0] ?? null;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <SidebarFrame
      opened={opened}
      onToggle={toggle}
      onNavigate={close}
      organization={organization}
      operator={user.operator === true}
      pathname={pathname}
      navigate={navigate}
    />
  );
}

const SidebarFrame = memo(function SidebarFrame({
  opened,
  onToggle,
  ...navbar
}: { opened: boolean; onToggle: () => void } & SidebarNavbarProps) {
  return (
    <AppShell
      header={{ height: 52, collapsed: false }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SidebarHeader opened={opened} onToggle={onToggle} navigate={navbar.navigate} />
      <SidebarNavbar {...navbar} />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
});

const SidebarHeader = memo(function SidebarHeader({
  opened,
  onToggle,
  navigate,
}: {
  opened: boolean;
  onToggle: () => void;
  navigate: NavigateFunction;
}) {
  const { t } = useT('shell');
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between">
        <Group gap="sm">
          <Burger
            opened={opened}
            onClick={onToggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('layout.toggleNavigation')}
          />
          <Text
            component={PlainLink}
            to={paths.home()}
            navigate={navigate}
            fw={700}
            size="lg"
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            Dash
          </Text>
        </Group>
      </Group>
    </AppShell.Header>
  );
});

interface SidebarNavbarProps {
  organization: TOrganization | null;
  operator: boolean;
  /** The current pathname: which area is active. */
  pathname: string;
  navigate: NavigateFunction;
  /** Closes the navigation on a phone once an item is chosen. */
  onNavigate: () => void;
}

const SCROLLING_SECTION = { overflowY: 'auto', minHeight: 0 } as const;

const SidebarNavbar = memo(function SidebarNavbar({
  organization,
  operator,
  pathname,
  navigate,
  onNavigate,
}: SidebarNavbarProps) {
  const { t } = useT('shell');
  return (
    <AppShell.Navbar p="sm" aria-label={t('layout.sidebar')}>
      <AppShell.Section>
        <OrganizationSwitcher current={organization} navigate={navigate} />
      </AppShell.Section>
      <Divider my="xs" />
      {/* The area links scroll on their own when the window is too short for them (native scrolling). */}
      <AppShell.Section grow style={SCROLLING_SECTION}>
        {organization ? (
          <OrganizationNav
            organization={organization}
            pathname={pathname}
            navigate={navigate}
            onNavigate={onNavigate}
          />
        ) : (
          <NavLink
            component={PlainLink}
            to={paths.newOrganization()}
            navigate={navigate}
            label={t('switcher.create')}
          />
        )}
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap="xs">
          {operator && (
            <NavLink
              component={PlainLink}
              to={paths.ops.kyb()}
              navigate={navigate}
              label={t('layout.complianceReview')}
              onClick={onNavigate}
              aria-label={t('layout.complianceReview')}
            />
          )}
          <ThemeControl />
          <UserMenu navigate={navigate} />
        </Stack>
      </AppShell.Section>
    </AppShell.Navbar>
  );
});
