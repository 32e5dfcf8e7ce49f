import { paths, type TOrganization, useSession, useT, visuallyHidden } from '@dash/shared';
import { Badge, Group, Text } from '@mantine/core';
import { memo } from 'react';
import type { NavigateFunction } from 'react-router';
import { MenuButton, MenuDivider, MenuItem, MenuLabel } from './MenuButton';
import { OrganizationAvatar } from './OrganizationAvatar';

/** Lists every organization of the user with their role in it; picking one opens it. Memoized, and
 * given the layout's `navigate` (one function) rather than calling `useNavigate`, which renders
 * again on every navigation: the switcher renders when the organization changes. */
export const OrganizationSwitcher = memo(function OrganizationSwitcher({
  current,
  navigate,
}: {
  current: TOrganization | null;
  navigate: NavigateFunction;
}) {
  const { t } = useT('shell');
  const { t: common } = useT('common');
  const { organizations } = useSession();
  return (
    <MenuButton
      placement="below"
      width={300}
      items={
        <>
          <MenuLabel>{t('switcher.organizations')}</MenuLabel>
          {organizations.map((organization) => (
            <MenuItem
              key={organization.uid}
              leftSection={<OrganizationAvatar organization={organization} size={22} />}
              rightSection={
                <Badge size="xs" variant="light" color={organization.role === 'Admin' ? 'teal' : 'gray'}>
                  {common(`roles.${organization.role}`)}
                </Badge>
              }
              onClick={() => navigate(paths.org.root(organization.slug))}
              // The one open now is marked, as the sidebar marks the current page.
              current={organization.uid === current?.uid}
            >
              {/* A long name is cut with an ellipsis (its full text in the title), not run under the badge. */}
              <Text
                size="sm"
                fw={organization.uid === current?.uid ? 600 : undefined}
                truncate
                title={organization.name}
              >
                {organization.name}
              </Text>
            </MenuItem>
          ))}
          <MenuDivider />
          <MenuItem onClick={() => navigate(paths.newOrganization())}>{t('switcher.create')}</MenuItem>
        </>
      }
    >
      {/* Named by its content (what it shows, after a hidden "Switch organization"), so the visible text is in its name. */}
      <span style={visuallyHidden}>{t('switcher.label')}</span>
      {current ? (
        <Group gap="sm" wrap="nowrap">
          <OrganizationAvatar organization={current} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} truncate>
              {current.name}
            </Text>
            <Text size="xs" c="dimmed">
              {common(`roles.${current.role}`)}
            </Text>
          </div>
        </Group>
      ) : (
        <Text size="sm" fw={600}>
          {t('switcher.choose')}
        </Text>
      )}
    </MenuButton>
  );
});
