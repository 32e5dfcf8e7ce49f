import {
  discoverBrowserWallets,
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  paths,
  useT,
} from '@dash/shared';
import { type TSigningDevice, useSigningDevicesQuery } from '@dash/shared/api';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useVerifySigningDeviceMutation } from '../api/prove-signing-device';

export function SigningDevicesPage() {
  const { t } = useT('settings');
  const devices = useSigningDevicesQuery();
  const verify = useVerifySigningDeviceMutation();
  // Verifying asks the browser's wallet (the first EIP-6963 announces) to sign a challenge.
  const verifyDevice = async (device: TSigningDevice) => {
    const [wallet] = await discoverBrowserWallets();
    if (!wallet) {
      notifyError(new Error(t('devices.noWalletToVerify')));
      return;
    }
    verify.mutate(
      { device, provider: wallet.provider },
      {
        onSuccess: (verified) => notifySuccess(t('devices.verifiedToast', { name: verified.name })),
        onError: (error) => notifyError(error),
      },
    );
  };

  let content: ReactNode;
  if (devices.isPending) content = <PageSkeleton rows={3} label={t('devices.loading')} />;
  else if (devices.isError) content = <LoadFailed error={devices.error} onRetry={() => devices.refetch()} />;
  else if (devices.data.length === 0) content = <Text c="dimmed">{t('devices.none')}</Text>;
  else
    content = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={t('devices.title')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('devices.name')}</Table.Th>
              <Table.Th>{t('devices.address')}</Table.Th>
              <Table.Th>{t('devices.addedAt')}</Table.Th>
              <Table.Th>{t('devices.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.data.map((device) => (
              <Table.Tr key={device.uid}>
                <Table.Td>
                  <Text size="sm">{device.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Code>{device.ethAddress}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(device.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  {device.verifiedAt ? (
                    <Badge color="teal" variant="light">
                      {t('devices.verified')}
                    </Badge>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Badge color="gray" variant="light">
                        {t('devices.unverified')}
                      </Badge>
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={verify.isPending && verify.variables?.device.uid === device.uid}
                        onClick={() => void verifyDevice(device)}
                        aria-label={t('devices.verifyNamed', { name: device.name })}
                      >
                        {t('devices.verify')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('devices.title')}
        description={t('devices.intro')}
        actions={
          <Button component={Link} to={paths.settings.newSigningDevice()}>
            {t('devices.add')}
          </Button>
        }
      />
      {content}
    </Stack>
  );
}
