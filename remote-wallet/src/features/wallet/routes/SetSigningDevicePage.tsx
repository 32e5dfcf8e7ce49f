import { Stack, Text, Title } from '@mantine/core';

export function SetSigningDevicePage() {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        Set Signing Device
      </Title>
      <Text c="dimmed">Select one of your signing devices to sign for this wallet.</Text>
    </Stack>
  );
}
