import {
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  paths,
  type TMyInvitation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useMyInvitationsQuery,
} from '@dash/shared';
import { Anchor, Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';

/** /settings/invites: the signed-in user's pending invitations, to accept or decline. */
export function InvitesPage() {
  const invitations = useMyInvitationsQuery();
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();
  const [joined, setJoined] = useState<{ name: string; slug: string } | null>(null);

  const acceptInvitation = (invitation: TMyInvitation) =>
    accept.mutate(invitation.uid, {
      onSuccess: (organization) => {
        notifySuccess(`You joined ${organization.name} as ${organization.role}`);
        setJoined({ name: organization.name, slug: organization.slug });
      },
      onError: notifyError,
    });
  const declineInvitation = (invitation: TMyInvitation) =>
    decline.mutate(invitation.uid, {
      onSuccess: () => notifySuccess(`Invitation to ${invitation.organization.name} declined`),
      onError: notifyError,
    });

  let content: ReactNode;
  if (invitations.isPending) content = <PageSkeleton rows={2} label="Loading invitations" />;
  else if (invitations.isError)
    content = <LoadFailed error={invitations.error} onRetry={() => invitations.refetch()} />;
  else if (invitations.data.length === 0) content = <Text c="dimmed">You have no pending invitations.</Text>;
  else
    content = (
      <Stack gap="sm" aria-label="Your invitations">
        {invitations.data.map((invitation) => {
          const busy =
            (accept.isPending && accept.variables === invitation.uid) ||
            (decline.isPending && decline.variables === invitation.uid);
          return (
            <Card
              key={invitation.uid}
              withBorder
              padding="md"
              aria-label={`Invitation to ${invitation.organization.name}`}
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={invitation.organization.avatar} alt="" radius="sm" color="teal">
                    {invitation.organization.name.slice(0, 2).toUpperCase()}
                  </Avatar>
                  <div>
                    <Text fw={600}>{invitation.organization.name}</Text>
                    <Text size="sm" c="dimmed">
                      {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} as{' '}
                      {invitation.role} · expires {formatDate(invitation.expiresAt)}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => acceptInvitation(invitation)}
                    disabled={busy}
                    loading={accept.isPending && accept.variables === invitation.uid}
                    aria-label={`Accept invitation to ${invitation.organization.name}`}
                  >
                    Accept
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => declineInvitation(invitation)}
                    disabled={busy}
                    loading={decline.isPending && decline.variables === invitation.uid}
                    aria-label={`Decline invitation to ${invitation.organization.name}`}
                  >
                    Decline
                  </Button>
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="md" maw={720}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Invitations
        </Title>
        <Text c="dimmed">Invitations to organizations waiting for your answer.</Text>
      </Stack>
      {joined ? (
        <Text size="sm">
          You are in.{' '}
          <Anchor component={Link} to={paths.org.root(joined.slug)}>
            Open {joined.name}
          </Anchor>
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}
