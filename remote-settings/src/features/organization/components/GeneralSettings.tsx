import { can, paths, useCurrentOrganization, useT } from '@dash/shared';
import { Divider, Stack, Text } from '@mantine/core';
import { ApprovalThresholdSettings } from '../../approvals/components/ApprovalThresholdSettings';
import { AvatarUpload } from './AvatarUpload';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';

/**
 * General tab: name, slug and avatar, and for an approved organization the off-ramp approval
 * threshold. Only Admins change them; others read them.
 */
export function GeneralSettings() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  const canUpdate = can(organization.role, 'organization.update');
  return (
    <Stack gap="lg">
      {canUpdate ? (
        // Keyed by what was saved: after a save the form starts again from the organization as it is now.
        <OrganizationDetailsForm
          key={`${organization.name}/${organization.slug}`}
          organization={organization}
        />
      ) : (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('organization.name')}
          </Text>
          <Text>{organization.name}</Text>
          <Text fw={600} size="sm" mt="sm">
            {t('organization.slug')}
          </Text>
          <Text>{paths.org.root(organization.slug)}</Text>
          <Text size="sm" c="dimmed" mt="sm">
            {t('organization.onlyAdmins')}
          </Text>
        </Stack>
      )}
      <Divider />
      <AvatarUpload organization={organization} canChange={canUpdate} />
      {organization.approvalStatus === 'Approved' ? (
        <>
          <Divider />
          <ApprovalThresholdSettings />
        </>
      ) : null}
    </Stack>
  );
}
