import { can, paths, useCurrentOrganization } from '@dash/shared';
import { Alert, Button, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { InviteForm } from '../features/invites/components/InviteForm';
import { PendingInvitations } from '../features/invites/components/PendingInvitations';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/invite: where a new organization lands, to bring the team in. */
export default function InvitePage() {
  const organization = useCurrentOrganization();
  const canInvite = can(organization.role, 'invites.manage');
  return (
    <Center component="main" mih="100vh" p="md">
      <AreaProbe />
      <Paper withBorder p="xl" radius="lg" w="100%" maw={640}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Invite your team to {organization.name}
          </Title>
          <Text c="dimmed" size="sm">
            People you invite get an e-mail with a link and join with the role you choose. An invitation works
            once and expires after 7 days.
          </Text>
          {canInvite ? (
            <>
              <InviteForm organization={organization} />
              <Divider />
              <PendingInvitations organization={organization} />
            </>
          ) : (
            <Alert color="gray" variant="light" title="Only Admins can invite people">
              Ask an Admin of {organization.name} to invite the people you work with.
            </Alert>
          )}
          <Button component={Link} to={paths.org.root(organization.slug)} variant="light">
            Continue to dashboard
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
