import {
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  type TOrganization,
  useT,
  visuallyHidden,
} from '@dash/shared';
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocusAfterRemoval } from '../../../hooks/useFocusAfterRemoval';
import { useOrganizationInvitationsQuery } from '../api/get-organization-invitations';
import { useRevokeInvitationMutation } from '../api/revoke-invitation';

/**
 * The organization's pending invitations, each revocable. A revoked invitation's row goes with its
 * focused Revoke: focus moves to the next row's Revoke, else the previous row's, else the heading.
 */
export function PendingInvitations({ organization }: { organization: TOrganization }) {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const invitations = useOrganizationInvitationsQuery(organization.uid);
  const revoke = useRevokeInvitationMutation(organization.uid);
  const rows = useFocusAfterRemoval(invitations.data?.map((invitation) => invitation.uid) ?? []);

  let content: ReactNode;
  if (invitations.isPending) content = <PageSkeleton rows={2} label={t('invites.loading')} />;
  else if (invitations.isError)
    content = <LoadFailed error={invitations.error} onRetry={() => invitations.refetch()} />;
  else if (invitations.data.length === 0)
    content = (
      <Text size="sm" c="dimmed">
        {t('invites.noPending')}
      </Text>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={440}>
        <Table aria-label={t('invites.pending')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invites.email')}</Table.Th>
              <Table.Th>{t('invites.role')}</Table.Th>
              <Table.Th>{t('invites.expires')}</Table.Th>
              <Table.Th>
                <span style={visuallyHidden}>{t('invites.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.uid}>
                <Table.Td>
                  {/* A long address wraps rather than squeezing the role badge. */}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* The badge's label would otherwise give way first (to "EDI…" on a phone). */}
                  <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
                    {common(`roles.${invitation.role}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(invitation.expiresAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('invites.revokeFor', { email: invitation.email })}
                    ref={rows.actionRef(invitation.uid)}
                    loading={revoke.isPending && revoke.variables === invitation.uid}
                    onClick={() => {
                      rows.removing(invitation.uid);
                      revoke.mutate(invitation.uid, {
                        onSuccess: () => notifySuccess(t('invites.revoked', { email: invitation.email })),
                        onError: (error) => {
                          rows.kept();
                          notifyError(error);
                        },
                      });
                    }}
                  >
                    {t('invites.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="xs">
      <Title ref={rows.fallbackRef} tabIndex={-1} order={2} size="h4">
        {t('invites.pending')}
      </Title>
      {content}
    </Stack>
  );
}
