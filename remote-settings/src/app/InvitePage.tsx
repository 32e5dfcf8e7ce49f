import { can, PageHeader, paths, useCurrentOrganization, useT } from '@dash/shared';
import { INVITATION_TTL_DAYS } from '@dash/shared/api';
import { Alert, Button, Center, Divider, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { InviteForm } from '../features/invites/components/InviteForm';
import { PendingInvitations } from '../features/invites/components/PendingInvitations';
import { AreaProbe } from './AreaProbe';
import '../i18n';

/** /org/{org}/invite: where a new organization lands, to bring the team in. */
export default function InvitePage() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  const canInvite = can(organization.role, 'invites.manage');
  return (
    <Center component="main" mih="100vh" p="md">
      <AreaProbe />
      <Paper withBorder p="xl" radius="lg" w="100%" maw={640}>
        <Stack gap="md">
          <PageHeader
            title={t('invitePage.title', { organization: organization.name })}
            description={t('invitePage.intro', { days: INVITATION_TTL_DAYS })}
          />
          {canInvite ? (
            <>
              <InviteForm organization={organization} />
              <Divider />
              <PendingInvitations organization={organization} />
            </>
          ) : (
            <Alert color="gray" variant="light" title={t('invitePage.onlyAdmins')}>
              {t('invitePage.askAdmin', { organization: organization.name })}
            </Alert>
          )}
          <Button component={Link} to={paths.org.root(organization.slug)} variant="light">
            {t('invitePage.continue')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
