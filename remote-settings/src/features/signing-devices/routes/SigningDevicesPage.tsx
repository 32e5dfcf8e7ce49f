import { formatDate, LoadFailed, PageHeader, PageSkeleton, paths, useT } from '@dash/shared';
import { useSigningDevicesQuery } from '@dash/shared/api';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function SigningDevicesPage() {
  const { t } = useT('settings');
  const devices = useSigningDevicesQuery();

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
