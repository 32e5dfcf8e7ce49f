import { useSession, useT } from '@dash/shared';
import { Divider, Stack, Text, Title } from '@mantine/core';
import { EmailChangeForm } from '../components/EmailChangeForm';
import { ProfileForm } from '../components/ProfileForm';

export function ProfilePage() {
  const { t } = useT('settings');
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.intro')}</Text>
      </Stack>
      {/* Keyed by the saved names and language: once the session refreshes, the form starts from them. */}
      <ProfileForm key={`${user.firstName}/${user.lastName}/${user.locale ?? ''}`} user={user} />
      <Divider />
      <Title order={2} size="h4">
        {t('profile.emailTitle')}
      </Title>
      <EmailChangeForm currentEmail={user.email} />
    </Stack>
  );
}
