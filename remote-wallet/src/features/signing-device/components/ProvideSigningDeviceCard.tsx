import { paths, useT } from '@dash/shared';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Shown only to a signer who has not set a signing device yet (spec section 6). */
export function ProvideSigningDeviceCard({ organizationSlug }: { organizationSlug: string }) {
  const { t } = useT('wallet');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('signingDevice.cardTitle')}>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 280px' }}>
          <Text fw={600}>{t('signingDevice.cardTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('signingDevice.cardText')}
          </Text>
        </Stack>
        <Button component={Link} to={paths.org.wallet.signingDevice(organizationSlug)}>
          {t('signingDevice.cardAction')}
        </Button>
      </Group>
    </Card>
  );
}
