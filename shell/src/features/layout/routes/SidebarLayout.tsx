import { paths, useOptionalCurrentOrganization, useSession, useT } from '@dash/shared';
import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router-dom';
import { lastOrganization } from '../../organizations/last-organization';
import { OrganizationNav } from '../components/OrganizationNav';
import { OrganizationSwitcher } from '../components/OrganizationSwitcher';
import { ThemeControl } from '../components/ThemeControl';
import { UserMenu } from '../components/UserMenu';

/** The dashboard frame: organization switcher, area navigation, account menu and theme. */
export function SidebarLayout() {
  const { t } = useT('shell');
  const [opened, { toggle, close }] = useDisclosure();
  const { organizations, user } = useSession();
  const routeOrganization = useOptionalCurrentOrganization();
  const remembered = organizations.find((candidate) => candidate.slug === lastOrganization());
  const organization = routeOrganization ?? remembered ?? organizations[0] ?? null;

  return (
    <AppShell
      header={{ height: 52, collapsed: false }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleNavigation')}
            />
            <Text
              component={Link}
              to={paths.home()}
              fw={700}
              size="lg"
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              Dash
            </Text>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('layout.sidebar')}>
        <AppShell.Section>
          <OrganizationSwitcher current={organization} />
        </AppShell.Section>
        <Divider my="xs" />
        <AppShell.Section grow component={ScrollArea}>
          {organization ? (
            <OrganizationNav organization={organization} onNavigate={close} />
          ) : (
            <NavLink component={Link} to={paths.newOrganization()} label={t('switcher.create')} />
          )}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs">
            {user.operator && (
              <NavLink
                component={Link}
                to={paths.ops.kyb()}
                label={t('layout.complianceReview')}
                onClick={close}
                aria-label={t('layout.complianceReview')}
              />
            )}
            <ThemeControl />
            <UserMenu />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
