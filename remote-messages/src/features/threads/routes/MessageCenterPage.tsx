import { can, useCurrentOrganization } from '@dash/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';

export function MessageCenterPage() {
  const organization = useCurrentOrganization();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Message Center
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap={4}>
          <Text fw={600}>No messages yet</Text>
          <Text c="dimmed" size="sm">
            You don't have any conversations yet.
          </Text>
          {!can(organization.role, 'messages.reply') && (
            <Text c="dimmed" size="xs">
              As a Viewer you can read conversations but not reply.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
