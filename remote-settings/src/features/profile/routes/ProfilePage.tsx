import { PageHeader, useSession, useT } from '@dash/shared';
import { Divider, Stack, Title } from '@mantine/core';
import { EmailChangeForm } from '../components/EmailChangeForm';
import { NotificationPreferences } from '../components/NotificationPreferences';
import { ProfileForm } from '../components/ProfileForm';

export function ProfilePage() {
  const { t } = useT('settings');
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader title={t('profile.title')} description={t('profile.intro')} />
      {/* Keyed by the saved names and language: once the session refreshes, the form starts from them. */}
      <ProfileForm key={`${user.firstName}/${user.lastName}/${user.locale ?? ''}`} user={user} />
      <Divider />
      <Title order={2} size="h4">
        {t('profile.emailTitle')}
      </Title>
      <EmailChangeForm currentEmail={user.email} />
      <Divider />
      <NotificationPreferences />
    </Stack>
  );
}
