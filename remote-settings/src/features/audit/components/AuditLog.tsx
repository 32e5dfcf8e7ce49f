import '../i18n';
import { LoadFailed, PageSkeleton, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import { auditExportPath, providersQueryOptions, type TAuditFilters } from '@dash/shared/api';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { useAuditLogQuery } from '../api/get-audit-log';
import { describeChange } from '../describe-change';
import { PROVIDER_ACTOR, useAuditWords } from '../hooks/useAuditWords';

const PAGE_SIZE = 25;

/** Organization settings → Audit (Admins): every recorded change, filtered, paged and exportable. */
export default function AuditLog() {
  const organization = useCurrentOrganization();
  const { t } = useT('audit');
  const format = useFormat();
  const words = useAuditWords();
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [actorDraft, setActorDraft] = useState('');
  const pages = useKeysetPages();
  const { cursor } = pages;
  const log = useAuditLogQuery(organization.uid, {
    ...filters,
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });

  // Providers are named from the catalogue, asked for only when a page shows a provider's change.
  const showsProvider = log.data?.data.some((event) => event.actor.startsWith(PROVIDER_ACTOR)) ?? false;
  const providers = useQuery({ ...providersQueryOptions(organization.uid), enabled: showsProvider });
  const providerName = useCallback(
    (uid: string) => providers.data?.find((provider) => provider.uid === uid)?.name,
    [providers.data],
  );

  const setFilter = (key: keyof TAuditFilters, value: string | null) => {
    pages.reset();
    setFilters((previous) => {
      const next = { ...previous };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });
  };
  const commitActor = () => setFilter('actor', actorDraft.trim() || null);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600}>{t('title')}</Text>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.actor')}
          placeholder={t('filters.actorPlaceholder')}
          value={actorDraft}
          onChange={(event) => setActorDraft(event.currentTarget.value)}
          onBlur={commitActor}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitActor();
          }}
          w={240}
        />
        <NativeSelect
          label={t('filters.action')}
          data={[{ value: '', label: t('filters.all') }, ...words.actionOptions]}
          value={filters.action ?? ''}
          onChange={(event) => setFilter('action', event.currentTarget.value || null)}
          w={280}
        />
        <TextInput
          label={t('filters.from')}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
          w={160}
        />
        <TextInput
          label={t('filters.to')}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => setFilter('to', event.currentTarget.value)}
          w={160}
        />
        <Button component="a" href={auditExportPath(organization.uid, filters)} download variant="default">
          {t('filters.export')}
        </Button>
      </Group>

      {log.isPending ? (
        <PageSkeleton rows={5} label={t('loading')} />
      ) : log.isError ? (
        <LoadFailed error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label={t('tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.time')}</Table.Th>
                <Table.Th>{t('columns.actor')}</Table.Th>
                <Table.Th>{t('columns.action')}</Table.Th>
                <Table.Th>{t('columns.target')}</Table.Th>
                <Table.Th>{t('columns.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>
                    <Text
                      size="sm"
                      title={
                        event.requestId
                          ? t('requestId', { requestId: event.requestId, ip: event.ip ?? '—' })
                          : undefined
                      }
                    >
                      {format.dateTime(event.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* The label as recorded stays at hand: the actor filter and the CSV use it. */}
                    <Text size="sm" title={event.actor}>
                      {words.actor(event.actor, providerName)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* The code stays at hand: the filter's URL and the CSV use it. */}
                    <Text size="sm" title={event.action}>
                      {words.action(event.action)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {words.subject(event.subjectType)}{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {event.subjectUid}
                      </Text>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {describeChange(event, words.change).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))}
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
          previous: t('previous'),
          page: t('page', { page: pages.cursors.length + 1 }),
          next: t('next'),
        }}
      />
    </Stack>
  );
}
