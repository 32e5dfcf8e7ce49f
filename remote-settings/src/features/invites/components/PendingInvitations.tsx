import {
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  type TOrganization,
  useOrganizationInvitationsQuery,
  useRevokeInvitationMutation,
  visuallyHidden,
} from '@dash/shared';
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The organization's pending invitations, each revocable. */
export function PendingInvitations({ organization }: { organization: TOrganization }) {
  const invitations = useOrganizationInvitationsQuery(organization.uid);
  const revoke = useRevokeInvitationMutation(organization.uid);

  let content: ReactNode;
  if (invitations.isPending) content = <PageSkeleton rows={2} label="Loading invitations" />;
  else if (invitations.isError)
    content = <LoadFailed error={invitations.error} onRetry={() => invitations.refetch()} />;
  else if (invitations.data.length === 0)
    content = (
      <Text size="sm" c="dimmed">
        No pending invitations.
      </Text>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={440}>
        <Table aria-label="Pending invitations" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>
                <span style={visuallyHidden}>Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.uid}>
                <Table.Td>
                  <Text size="sm">{invitation.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {invitation.role}
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
                    aria-label={`Revoke invitation for ${invitation.email}`}
                    loading={revoke.isPending && revoke.variables === invitation.uid}
                    onClick={() =>
                      revoke.mutate(invitation.uid, {
                        onSuccess: () => notifySuccess(`Invitation for ${invitation.email} revoked`),
                        onError: notifyError,
                      })
                    }
                  >
                    Revoke
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
      <Title order={2} size="h4">
        Pending invitations
      </Title>
      {content}
    </Stack>
  );
}
