import {
  can,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  paths,
  personName,
  ROLES,
  type TRole,
  useConfirmStep,
  useCurrentOrganization,
  useSession,
  useT,
  visuallyHidden,
} from '@dash/shared';
import { type TOrganizationUser, useOrganizationUsersQuery } from '@dash/shared/api';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useReducer, useRef } from 'react';
import { Link } from 'react-router';
import { useFocusAfterRemoval } from '../../../hooks/useFocusAfterRemoval';
import { useLeaveOrganization } from '../../organization/hooks/useLeaveOrganization';
import { useDeleteOrganizationUserMutation } from '../api/delete-organization-user';
import { useUpdateOrganizationUserMutation } from '../api/update-organization-user';

/**
 * Members tab: everyone with name, e-mail and role; Admins change roles and remove members. A
 * removed member's row goes with its focused Confirm: focus moves to the next row's Remove, else the
 * previous row's, else the table (the tab names the section; the remover is always left in it).
 */
export default function MembersSettings() {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const organization = useCurrentOrganization();
  const { user: me } = useSession();
  const canManage = can(organization.role, 'members.manage');
  const users = useOrganizationUsersQuery(organization.uid);
  const updateUser = useUpdateOrganizationUserMutation(organization.uid);
  const deleteUser = useDeleteOrganizationUserMutation(organization.uid);
  const leave = useLeaveOrganization();
  const step = useConfirmStep<string>();
  const rows = useFocusAfterRemoval(users.data?.map((member) => member.uid) ?? []);
  // A native select's arrow keys choose as they move (Windows, Linux): a role chosen while another
  // change of that member is saved waits, and the last one waiting is saved next. None is dropped,
  // and the member ends with the role chosen last.
  const waiting = useRef(new Map<string, TRole>());
  const [, showWaiting] = useReducer((count: number) => count + 1, 0);

  if (users.isPending) return <PageSkeleton rows={3} label={t('members.loading')} />;
  if (users.isError) return <LoadFailed error={users.error} onRetry={() => users.refetch()} />;

  const changeRole = (member: TOrganizationUser, role: TRole) => {
    if (changing(member)) {
      waiting.current.set(member.uid, role);
      showWaiting();
      return;
    }
    if (role === member.role) return;
    updateUser.mutate(
      { userUid: member.uid, role },
      {
        onSuccess: () =>
          notifySuccess(
            t('members.roleChanged', { name: personName(member), role: common(`roles.${role}`) }),
          ),
        onError: notifyError,
        onSettled: (_data, error) => {
          const next = waiting.current.get(member.uid);
          waiting.current.delete(member.uid);
          const saved = error ? member.role : role;
          if (next !== undefined && next !== saved) changeRole({ ...member, role: saved }, next);
          else showWaiting();
        },
      },
    );
  };
  const remove = (member: TOrganizationUser) => {
    // Removing yourself is leaving: the Danger zone's path, which drops this organization from the
    // cached list and takes you home (its pages are no longer yours to read).
    if (member.uid === me.uid) {
      leave.leave(step.cancel);
      return;
    }
    rows.removing(member.uid);
    deleteUser.mutate(member.uid, {
      onSuccess: () =>
        notifySuccess(t('members.removed', { name: personName(member), organization: organization.name })),
      onError: (error) => {
        rows.kept();
        notifyError(error);
      },
      onSettled: step.cancel,
    });
  };

  /** While a change is on its way the select shows it; if it fails, it falls back to the saved role. */
  const changing = (member: TOrganizationUser) =>
    updateUser.isPending && updateUser.variables?.userUid === member.uid;
  const shownRole = (member: TOrganizationUser): TRole =>
    waiting.current.get(member.uid) ??
    (changing(member) && updateUser.variables ? updateUser.variables.role : member.role);

  return (
    <Stack gap="md">
      {canManage ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('members.intro')}
          </Text>
          <Button component={Link} to={paths.org.invite(organization.slug)} variant="light" size="xs">
            {t('members.invite')}
          </Button>
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table ref={rows.fallbackRef} tabIndex={-1} verticalSpacing="sm" aria-label={t('members.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.name')}</Table.Th>
              <Table.Th>{t('invites.email')}</Table.Th>
              <Table.Th>{t('invites.role')}</Table.Th>
              {canManage ? (
                <Table.Th>
                  <span style={visuallyHidden}>{t('invites.actions')}</span>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((member) => (
              <Table.Tr key={member.uid}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{personName(member)}</Text>
                    {member.uid === me.uid ? (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('members.you')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.email}</Text>
                </Table.Td>
                <Table.Td>
                  {canManage ? (
                    <NativeSelect
                      aria-label={t('members.roleOf', { name: personName(member) })}
                      data={ROLES.map((role) => ({ value: role, label: common(`roles.${role}`) }))}
                      value={shownRole(member)}
                      // Enabled while a change is saved: a disabled control drops focus to the page,
                      // and a choice made meanwhile waits its turn (changeRole).
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        if (value) changeRole(member, value as TRole);
                      }}
                      w={130}
                      size="xs"
                    />
                  ) : (
                    <Badge variant="light" color={member.role === 'Admin' ? 'teal' : 'gray'}>
                      {common(`roles.${member.role}`)}
                    </Badge>
                  )}
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    {step.confirming === member.uid ? (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          ref={rows.actionRef(member.uid, step.confirmRef)}
                          size="xs"
                          color="red"
                          loading={deleteUser.isPending || leave.isPending}
                          onClick={() => remove(member)}
                          aria-label={t('members.confirmRemove', { name: personName(member) })}
                        >
                          {t('members.remove')}
                        </Button>
                        <Button size="xs" variant="default" onClick={step.cancel}>
                          {t('common.cancel')}
                        </Button>
                      </Group>
                    ) : (
                      <Group justify="flex-end">
                        <Button
                          ref={rows.actionRef(member.uid, step.askRef(member.uid))}
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => step.ask(member.uid)}
                          aria-label={t('members.removeName', { name: personName(member) })}
                        >
                          {t('members.remove')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
