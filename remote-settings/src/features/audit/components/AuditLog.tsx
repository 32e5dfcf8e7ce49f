import '../i18n';
import {
  LoadFailed,
  PagerButton,
  PageSkeleton,
  ROLES,
  type TFunction,
  useCurrentOrganization,
  useFormat,
  useT,
} from '@dash/shared';
import {
  AUDIT_ACTIONS,
  auditExportPath,
  formatFileSize,
  type TAuditEvent,
  type TAuditFilters,
  useAuditLogQuery,
} from '@dash/shared/api';
import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';

const PAGE_SIZE = 25;

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** The key `describeChange` names the state move (from → to) by, for `TChangeWords.value`. */
export const STATE_MOVE = '';

/** How a change is worded: the recorded fields' names and values. */
export interface TChangeWords {
  field: (key: string) => string;
  /** `key` is the field the value was recorded under, or STATE_MOVE for the event's from → to. */
  value: (key: string, value: unknown) => string;
}

/** The record as it was written (field keys and raw values). */
const RAW_WORDS: TChangeWords = { field: (key) => key, value: (_, value) => show(value) };

/** Before → after: the state move, then each changed field; other details as they were recorded. */
export function describeChange(event: TAuditEvent, words: TChangeWords = RAW_WORDS): string[] {
  const lines: string[] = [];
  if (event.from !== null || event.to !== null) {
    lines.push(`${words.value(STATE_MOVE, event.from)} → ${words.value(STATE_MOVE, event.to)}`);
  }
  for (const [key, value] of Object.entries(event.data ?? {})) {
    const field = words.field(key);
    lines.push(
      isChange(value)
        ? `${field}: ${words.value(key, value.from)} → ${words.value(key, value.to)}`
        : `${field}: ${words.value(key, value)}`,
    );
  }
  if (event.note) lines.push(event.note);
  return lines;
}

/** A message when there is one, else the fallback (an action or type this page does not know yet). */
function labelOr(t: TFunction, key: string, fallback: string): string {
  const label = t(key);
  return label === key ? fallback : label;
}

const isRole = (value: unknown): value is (typeof ROLES)[number] =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The log's codes in the reader's words: actions, subject types, and the changes' fields and values. */
function useAuditWords() {
  const { t, locale } = useT('audit');
  const { t: common } = useT('common');
  const { t: settings } = useT('settings');
  return useMemo(() => {
    const action = (code: string) => labelOr(t, `actions.${code}`, code);
    const change: TChangeWords = {
      field: (key) => labelOr(t, `fields.${key}`, key),
      value: (key, value) => {
        // Roles are the only Admin/Editor/Viewer values recorded (a role change's from → to, an invitation's role).
        if ((key === 'role' || key === STATE_MOVE) && isRole(value)) return common(`roles.${value}`);
        if (key === 'kind' && typeof value === 'string')
          return labelOr(settings, `documentKinds.${value}`, value);
        if (key === 'byteSize' && typeof value === 'number') return formatFileSize(value, locale);
        return show(value);
      },
    };
    return {
      action,
      subject: (type: string) => labelOr(t, `subjects.${type}`, type),
      change,
      actionOptions: AUDIT_ACTIONS.map((code) => ({ value: code, label: action(code) })),
    };
  }, [t, common, settings, locale]);
}

/** Organization settings → Audit (Admins): every recorded change, filtered, paged and exportable. */
export default function AuditLog() {
  const organization = useCurrentOrganization();
  const { t } = useT('audit');
  const format = useFormat();
  const words = useAuditWords();
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [actorDraft, setActorDraft] = useState('');
  // The cursors of the pages before this one (keyset paging goes forward; Previous pops).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const log = useAuditLogQuery(organization.uid, {
    ...filters,
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });

  const setFilter = (key: keyof TAuditFilters, value: string | null) => {
    setCursors([]);
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
        <Select
          label={t('filters.action')}
          placeholder={t('filters.all')}
          data={words.actionOptions}
          searchable
          clearable
          value={filters.action ?? null}
          onChange={(value) => setFilter('action', value)}
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
                    <Text size="sm">{event.actor}</Text>
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

      <Group gap="xs">
        <PagerButton
          unavailable={cursors.length === 0}
          onPress={() => setCursors((previous) => previous.slice(0, -1))}
        >
          {t('previous')}
        </PagerButton>
        <Text size="sm" aria-live="polite">
          {t('page', { page: cursors.length + 1 })}
        </Text>
        <PagerButton
          unavailable={!log.data?.nextCursor}
          onPress={() => {
            const next = log.data?.nextCursor;
            if (next) setCursors((previous) => [...previous, next]);
          }}
        >
          {t('next')}
        </PagerButton>
      </Group>
    </Stack>
  );
}
