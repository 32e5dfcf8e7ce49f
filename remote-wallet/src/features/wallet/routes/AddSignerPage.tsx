import { Stack, Text, Title } from '@mantine/core';

export function AddSignerPage() {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        Add Wallet Signer
      </Title>
      <Text c="dimmed">Select an organization user to propose as a signer.</Text>
    </Stack>
  );
}
