import { paths, personName, useSession, useT, visuallyHidden } from '@dash/shared';
import { Avatar, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo, useRef } from 'react';
import type { NavigateFunction } from 'react-router';
import { AboutPanel } from '../../about/components/AboutPanel';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { MenuButton, MenuDivider, MenuItem } from './MenuButton';

/** The account menu. Given the layout's `navigate` (one function; `useNavigate` would render it on
 * every navigation). */
export const UserMenu = memo(function UserMenu({ navigate }: { navigate: NavigateFunction }) {
  const { t } = useT('shell');
  const { user } = useSession();
  const { signOut, isPending } = useSignOut(navigate);
  const name = personName(user);
  const [aboutOpened, about] = useDisclosure(false);
  // The About dialog opens from a menu item that is gone once the menu closes: on closing, focus
  // goes back to the menu's button (else it would fall to the page's body).
  const target = useRef<HTMLButtonElement>(null);
  const closeAbout = () => {
    about.close();
    target.current?.focus();
  };

  return (
    <>
      <MenuButton
        placement="above"
        width={240}
        buttonRef={target}
        items={
          <>
            <MenuItem onClick={() => navigate(paths.settings.profile())}>{t('userMenu.profile')}</MenuItem>
            <MenuItem onClick={() => navigate(paths.settings.invites())}>
              {t('userMenu.invitations')}
            </MenuItem>
            <MenuItem onClick={() => navigate(paths.settings.signingDevices())}>
              {t('userMenu.signingDevices')}
            </MenuItem>
            <MenuItem onClick={about.open}>{t('userMenu.about')}</MenuItem>
            <MenuDivider />
            <MenuItem danger onClick={signOut} disabled={isPending}>
              {t('userMenu.signOut')}
            </MenuItem>
          </>
        }
      >
        <span style={visuallyHidden}>{t('userMenu.label')}</span>
        <Group gap="sm" wrap="nowrap">
          <Avatar size={30} radius="xl" color="gray">
            {name.slice(0, 2).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
      </MenuButton>
      <AboutPanel opened={aboutOpened} onClose={closeAbout} />
    </>
  );
});
