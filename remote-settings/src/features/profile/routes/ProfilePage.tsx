import { useSession } from '@dash/shared';
import { Divider, Stack, Text, Title } from '@mantine/core';
import { EmailChangeForm } from '../components/EmailChangeForm';
import { ProfileForm } from '../components/ProfileForm';

export function ProfilePage() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Profile
        </Title>
        <Text c="dimmed">Your first and last name, and your e-mail address.</Text>
      </Stack>
      {/* Keyed by the saved names: once the session refreshes, the form starts from them. */}
      <ProfileForm key={`${user.firstName}/${user.lastName}`} user={user} />
      <Divider />
      <Title order={2} size="h4">
        E-mail address
      </Title>
      <EmailChangeForm currentEmail={user.email} />
    </Stack>
  );
}
