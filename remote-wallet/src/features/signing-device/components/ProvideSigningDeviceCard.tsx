import { paths } from '@dash/shared';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Shown only to a signer who has not set a signing device yet (spec section 6). */
export function ProvideSigningDeviceCard({ organizationSlug }: { organizationSlug: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Provide Signing Device">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 280px' }}>
          <Text fw={600}>Provide Signing Device</Text>
          <Text size="sm" c="dimmed">
            You were proposed as a signer of this wallet. Choose the signing device you will sign with: its
            address becomes one of the wallet's owners.
          </Text>
        </Stack>
        <Button component={Link} to={paths.org.wallet.signingDevice(organizationSlug)}>
          Set Signing Device
        </Button>
      </Group>
    </Card>
  );
}
