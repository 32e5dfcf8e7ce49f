import { DialogModal, useT } from '@dash/shared';
import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useRunningVersions } from '../hooks/use-running-versions';

/**
 * For support: the shell's version and, for each remote, the version the runtime manifest names and
 * the build this page actually loaded (once an area of it has opened).
 */
export function AboutPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useT('shell');
  const { data, isPending, isError } = useRunningVersions(opened);
  const shellVersion = import.meta.env.SHELL_VERSION;

  return (
    // Opened from a menu item, whose element Mantine's own focus return would pick (then lose):
    // onClose gives focus back to the menu's button instead.
    <DialogModal
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      title={t('about.title')}
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Table aria-label={t('about.table')} striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('about.part')}</Table.Th>
              <Table.Th>{t('about.version')}</Table.Th>
              <Table.Th>{t('about.runningBuild')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('about.shell')}</Table.Td>
              <Table.Td>{shellVersion}</Table.Td>
              <Table.Td>{shellVersion}</Table.Td>
            </Table.Tr>
            {data?.remotes.map((remote) => (
              <Table.Tr key={remote.name}>
                <Table.Td>{remote.name}</Table.Td>
                <Table.Td>{remote.version}</Table.Td>
                <Table.Td>{remote.loadedVersion ?? t('about.notLoaded')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {opened && isPending ? <Skeleton h={24} aria-label={t('about.loading')} /> : null}
        {isError ? (
          <Alert color="red" variant="light" title={t('about.manifestFailed')}>
            {t('about.versionsUnknown')}
          </Alert>
        ) : null}
        {data?.organization ? (
          <Text size="xs" c="dimmed">
            {t('about.servedFor', { organization: data.organization })}
          </Text>
        ) : null}
      </Stack>
    </DialogModal>
  );
}
