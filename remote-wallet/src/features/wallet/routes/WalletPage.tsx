import { paths, useCurrentOrganization } from '@dash/shared';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function WalletPage() {
  const organization = useCurrentOrganization();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Wallet
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Text fw={600}>Initialize Wallet</Text>
          <Text size="sm" c="dimmed">
            {organization.name}'s multi-signature wallet is set up from here: choose signers among the
            organization's users, then deploy it with a quorum.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.org.wallet.addSigner(organization.slug)}>
              Add Signer
            </Anchor>
            <Anchor component={Link} to={paths.org.wallet.signingDevice(organization.slug)}>
              Set Signing Device
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
