import { Alert, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useRunningVersions } from '../hooks/use-running-versions';

/**
 * For support: the shell's version and, for each remote, the version the runtime manifest names and
 * the build this page actually loaded (once an area of it has opened).
 */
export function AboutPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data, isPending, isError } = useRunningVersions(opened);
  const shellVersion = import.meta.env.SHELL_VERSION;

  return (
    <Modal opened={opened} onClose={onClose} title="About Dash" centered size="lg">
      <Stack gap="sm">
        <Table aria-label="Running versions" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Part</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Running build</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Shell</Table.Td>
              <Table.Td>{shellVersion}</Table.Td>
              <Table.Td>{shellVersion}</Table.Td>
            </Table.Tr>
            {data?.remotes.map((remote) => (
              <Table.Tr key={remote.name}>
                <Table.Td>{remote.name}</Table.Td>
                <Table.Td>{remote.version}</Table.Td>
                <Table.Td>{remote.loadedVersion ?? 'not loaded yet'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {opened && isPending ? <Skeleton h={24} aria-label="Loading versions" /> : null}
        {isError ? (
          <Alert color="red" variant="light" title="The remotes manifest could not be loaded">
            The remotes' versions are unknown on this page.
          </Alert>
        ) : null}
        {data?.organization ? (
          <Text size="xs" c="dimmed">
            Versions served for organization {data.organization}.
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
