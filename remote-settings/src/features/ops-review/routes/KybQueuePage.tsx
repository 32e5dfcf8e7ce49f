import { formatDate, LoadFailed, PageHeader, PageSkeleton, paths, useT } from '@dash/shared';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useKybQueueQuery } from '../api/get-kyb-queue';

/** /ops/kyb: submitted applications waiting for review, oldest first. */
export function KybQueuePage() {
  const { t } = useT('settings');
  const queue = useKybQueueQuery();
  return (
    <Stack gap="lg">
      <PageHeader title={t('kyb.review.complianceReview')} />
      {queue.isPending ? (
        <PageSkeleton label={t('kyb.review.loadingTheReviewQueue')} />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Text c="dimmed">{t('kyb.review.noKybApplicationIsWaiting')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('kyb.review.applicationsWaitingForReview')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyb.review.organization')}</Table.Th>
                <Table.Th>{t('kyb.review.legalName')}</Table.Th>
                <Table.Th>{t('kyb.review.submitted')}</Table.Th>
                <Table.Th>{t('kyb.review.submittedBy')}</Table.Th>
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
