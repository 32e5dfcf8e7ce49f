import { LoadFailed, notifyError, notifySuccess, PageSkeleton, useFormat, useT } from '@dash/shared';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { useWebhookDeliveriesQuery } from '../api/get-webhook-deliveries';
import { useResendWebhookMutation } from '../api/resend-webhook';
import { eventTypeKey } from './event-type-key';

/** One endpoint's delivery log, newest first, paged; Resend sends a row's event again (same id). */
export function DeliveryLog({
  organizationUid,
  endpointUid,
  refetchInterval,
}: {
  organizationUid: string;
  endpointUid: string;
  refetchInterval: number | false;
}) {
  const { t } = useT('webhooks');
  const format = useFormat();
  const pages = useKeysetPages();
  const log = useWebhookDeliveriesQuery(organizationUid, endpointUid, pages.cursor, refetchInterval);
  const resend = useResendWebhookMutation(organizationUid, endpointUid);
  const eventLabel = (type: string) => {
    const key = `eventTypes.${eventTypeKey(type)}`;
    const label = t(key);
    return label === key ? type : label;
  };

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('log.title')}</Text>
      {log.isPending ? (
        <PageSkeleton rows={3} label={t('log.loading')} />
      ) : log.isError ? (
        <LoadFailed error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <Text c="dimmed">{t('log.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label={t('log.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.columns.time')}</Table.Th>
                <Table.Th>{t('log.columns.event')}</Table.Th>
                <Table.Th>{t('log.columns.result')}</Table.Th>
                <Table.Th>{t('log.columns.latency')}</Table.Th>
                <Table.Th>{t('log.columns.answer')}</Table.Th>
                <Table.Th>{t('log.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((delivery) => (
                <Table.Tr key={delivery.uid}>
                  <Table.Td>
                    <Text size="sm">{format.dateTime(delivery.createdAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('log.attempt', { attempt: delivery.attempt })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{eventLabel(delivery.eventType)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {delivery.eventId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={delivery.succeeded ? 'green' : 'red'} variant="light">
                      {delivery.succeeded
                        ? t('log.delivered', { status: delivery.statusCode ?? 0 })
                        : delivery.statusCode === null
                          ? t('log.noAnswer')
                          : t('log.failed', { status: delivery.statusCode })}
                    </Badge>
                    {delivery.error ? (
                      <Text size="xs" c="dimmed">
                        {delivery.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t('log.milliseconds', { ms: delivery.latencyMs })}</Text>
                  </Table.Td>
                  <Table.Td maw={280}>
                    <Text size="xs" ff="monospace" lineClamp={3} title={delivery.responseExcerpt}>
                      {delivery.responseExcerpt}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={resend.isPending && resend.variables === delivery.uid}
                      onClick={() =>
                        resend.mutate(delivery.uid, {
                          onSuccess: () => notifySuccess(t('log.resent')),
                          onError: notifyError,
                        })
                      }
                    >
                      {t('log.resend')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <KeysetPager
        pages={pages}
        nextCursor={log.data?.nextCursor}
        labels={{
          previous: t('log.previous'),
          page: t('log.page', { page: pages.cursors.length + 1 }),
          next: t('log.next'),
        }}
      />
    </Stack>
  );
}
