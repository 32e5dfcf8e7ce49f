import {
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  paths,
  useT,
} from '@dash/shared';
import type { TMyInvitation } from '@dash/shared/api';
import { Anchor, Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAcceptInvitationMutation } from '../api/accept-invitation';
import { useDeclineInvitationMutation } from '../api/decline-invitation';
import { useMyInvitationsQuery } from '../api/get-my-invitations';
import { isInvitationGone, useRefreshAfterGoneInvitation } from '../hooks/use-refresh-after-gone-invitation';

/** /settings/invites: the signed-in user's pending invitations, to accept or decline. */
export function InvitesPage() {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const invitations = useMyInvitationsQuery();
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();
  const [joined, setJoined] = useState<{ name: string; slug: string } | null>(null);
  const refreshAfterGone = useRefreshAfterGoneInvitation();

  /**
   * An answer refused because the invitation is gone (answered in another tab, expired, revoked):
   * the page catches up with the server and says why in plain words; it does not ask to try again.
   */
  const answerFailed = (invitation: TMyInvitation, answer: 'accept' | 'decline') => async (error: Error) => {
    if (!isInvitationGone(error)) {
      notifyError(error);
      return;
    }
    const organizations = await refreshAfterGone();
    const { organization } = invitation;
    if (answer === 'accept' && organizations?.some((mine) => mine.uid === organization.uid)) {
      notifySuccess(t('myInvites.alreadyMember', { organization: organization.name }));
      setJoined({ name: organization.name, slug: organization.slug });
      return;
    }
    notifyError(new Error(error.detail ?? error.message));
  };

  const acceptInvitation = (invitation: TMyInvitation) =>
    accept.mutate(invitation.uid, {
      onSuccess: (organization) => {
        notifySuccess(
          t('myInvites.joined', {
            organization: organization.name,
            role: common(`roles.${organization.role}`),
          }),
        );
        setJoined({ name: organization.name, slug: organization.slug });
      },
      onError: answerFailed(invitation, 'accept'),
    });
  const declineInvitation = (invitation: TMyInvitation) =>
    decline.mutate(invitation.uid, {
      onSuccess: () => notifySuccess(t('myInvites.declined', { organization: invitation.organization.name })),
      onError: answerFailed(invitation, 'decline'),
    });

  let content: ReactNode;
  if (invitations.isPending) content = <PageSkeleton rows={2} label={t('invites.loading')} />;
  else if (invitations.isError)
    content = <LoadFailed error={invitations.error} onRetry={() => invitations.refetch()} />;
  else if (invitations.data.length === 0) content = <Text c="dimmed">{t('myInvites.none')}</Text>;
  else
    content = (
      <Stack gap="sm" aria-label={t('myInvites.label')}>
        {invitations.data.map((invitation) => {
          const busy =
            (accept.isPending && accept.variables === invitation.uid) ||
            (decline.isPending && decline.variables === invitation.uid);
          return (
            <Card
              key={invitation.uid}
              withBorder
              padding="md"
              aria-label={t('myInvites.to', { organization: invitation.organization.name })}
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={invitation.organization.avatar} alt="" radius="sm" color="teal">
                    {invitation.organization.name.slice(0, 2).toUpperCase()}
                  </Avatar>
                  <div>
                    <Text fw={600}>{invitation.organization.name}</Text>
                    <Text size="sm" c="dimmed">
                      {invitation.invitedBy
                        ? t('myInvites.invitedBy', {
                            inviter: invitation.invitedBy,
                            role: common(`roles.${invitation.role}`),
                          })
                        : t('myInvites.invited', { role: common(`roles.${invitation.role}`) })}{' '}
                      · {t('myInvites.expires', { date: formatDate(invitation.expiresAt) })}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => acceptInvitation(invitation)}
                    disabled={busy}
                    loading={accept.isPending && accept.variables === invitation.uid}
                    aria-label={t('myInvites.acceptTo', { organization: invitation.organization.name })}
                  >
                    {t('myInvites.accept')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => declineInvitation(invitation)}
                    disabled={busy}
                    loading={decline.isPending && decline.variables === invitation.uid}
                    aria-label={t('myInvites.declineTo', { organization: invitation.organization.name })}
                  >
                    {t('myInvites.decline')}
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
      <PageHeader title={t('myInvites.title')} description={t('myInvites.intro')} />
      {joined ? (
        <Text size="sm">
          {t('myInvites.youAreIn')}{' '}
          <Anchor component={Link} to={paths.org.root(joined.slug)}>
            {t('myInvites.open', { organization: joined.name })}
          </Anchor>
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}
