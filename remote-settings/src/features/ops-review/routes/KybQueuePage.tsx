import { formatDate, LoadFailed, PageSkeleton, paths, useKybQueueQuery } from '@dash/shared';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** /ops/kyb: submitted applications waiting for review, oldest first. */
export function KybQueuePage() {
  const queue = useKybQueueQuery();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Compliance review
      </Title>
      {queue.isPending ? (
        <PageSkeleton label="Loading the review queue" />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Text c="dimmed">No KYB application is waiting for review.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Applications waiting for review">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Legal name</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Submitted by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.map((item) => (
                <Table.Tr key={item.organizationUid}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.ops.kybApplication(item.organizationUid)}>
                      {item.organizationName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.legalName ?? '—'}</Table.Td>
                  <Table.Td>{item.submittedAt ? formatDate(item.submittedAt) : '—'}</Table.Td>
                  <Table.Td>{item.submittedBy ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
