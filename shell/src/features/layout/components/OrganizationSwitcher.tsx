import { paths, type TOrganization, useSession, useT, visuallyHidden } from '@dash/shared';
import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import type { NavigateFunction } from 'react-router';
import { OrganizationAvatar } from './OrganizationAvatar';

/** Lists every organization of the user with their role in it; picking one opens it. Memoized, and
 * given the layout's `navigate` (one function) rather than calling `useNavigate`, which renders
 * again on every navigation: the switcher renders when the organization changes. */
const ITEM_STYLES = { itemLabel: { minWidth: 0 } } as const;

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
    <Menu position="bottom-start" width={300} withinPortal>
      <Menu.Target>
        {/* Named by its content (what it shows, after a hidden "Switch organization"), so the visible text is in its name. */}
        <UnstyledButton w="100%" p="xs" style={{ borderRadius: 8 }}>
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
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Seen, not read: a menu holds menu items only (axe: aria-required-children), and the menu is
            named by its button already. */}
        <Menu.Label aria-hidden="true">{t('switcher.organizations')}</Menu.Label>
        {organizations.map((organization) => (
          <Menu.Item
            key={organization.uid}
            leftSection={<OrganizationAvatar organization={organization} size={22} />}
            rightSection={
              <Badge size="xs" variant="light" color={organization.role === 'Admin' ? 'teal' : 'gray'}>
                {common(`roles.${organization.role}`)}
              </Badge>
            }
            onClick={() => navigate(paths.org.root(organization.slug))}
            aria-current={organization.uid === current?.uid ? 'true' : undefined}
            // The one open now is marked for the eye too, as the sidebar marks the current page.
            bg={organization.uid === current?.uid ? 'var(--mantine-primary-color-light)' : undefined}
            // A long name is cut with an ellipsis (its full text in the title), not run under the badge.
            styles={ITEM_STYLES}
          >
            <Text
              size="sm"
              fw={organization.uid === current?.uid ? 600 : undefined}
              truncate
              title={organization.name}
            >
              {organization.name}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => navigate(paths.newOrganization())}>{t('switcher.create')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});
