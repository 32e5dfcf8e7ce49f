import { paths, type TOrganization, useSession, visuallyHidden } from '@dash/shared';
import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { OrganizationAvatar } from './OrganizationAvatar';

/** Lists every organization of the user with their role in it; picking one opens it. */
export function OrganizationSwitcher({ current }: { current: TOrganization | null }) {
  const { organizations } = useSession();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        {/* Named by its content (what it shows, after a hidden "Switch organization"), so the visible text is in its name. */}
        <UnstyledButton w="100%" p="xs" style={{ borderRadius: 8 }}>
          <span style={visuallyHidden}>Switch organization</span>
          {current ? (
            <Group gap="sm" wrap="nowrap">
              <OrganizationAvatar organization={current} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} truncate>
                  {current.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {current.role}
                </Text>
              </div>
            </Group>
          ) : (
            <Text size="sm" fw={600}>
              Choose an organization
            </Text>
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Organizations</Menu.Label>
        {organizations.map((organization) => (
          <Menu.Item
            key={organization.uid}
            leftSection={<OrganizationAvatar organization={organization} size={22} />}
            rightSection={
              <Badge size="xs" variant="light" color={organization.role === 'Admin' ? 'teal' : 'gray'}>
                {organization.role}
              </Badge>
            }
            onClick={() => navigate(paths.org.root(organization.slug))}
            aria-current={organization.uid === current?.uid ? 'true' : undefined}
          >
            {organization.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => navigate(paths.newOrganization())}>Create organization</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
