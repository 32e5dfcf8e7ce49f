import { formatDate, useT } from '@dash/shared';
import type { TKybTimelineEntry } from '@dash/shared/api';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** The audit actions of an application, labelled in the settings messages (kyb.actions.*). */
const ACTIONS = new Set([
  'kyb.draft_saved',
  'kyb.submitted',
  'kyb.approved',
  'kyb.rejected',
  'kyb.changes_requested',
]);

/** Every change of the application: who, when, from which state to which, and the note. */
export function KybTimeline({ entries }: { entries: TKybTimelineEntry[] }) {
  const { t } = useT('settings');
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('kyb.page.history')}
        </Title>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('kyb.page.nothingYetTheHistoryStarts')}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ol"
            aria-label={t('kyb.page.kybHistory')}
            style={{ paddingLeft: 20, margin: 0 }}
          >
            {entries.map((entry) => (
              <li key={`${entry.at}:${entry.action}:${entry.actor}`}>
                <Text size="sm">
                  <strong>
                    {ACTIONS.has(entry.action) ? t(`kyb.actions.${entry.action.slice(4)}`) : entry.action}
                  </strong>
                  {entry.from && entry.to && entry.from !== entry.to
                    ? ` (${t(`kyb.status.${entry.from}`)} → ${t(`kyb.status.${entry.to}`)})`
                    : ''}{' '}
                  {t('kyb.page.by', { actor: entry.actor })} · {formatDate(entry.at)}
                </Text>
                {entry.note && (
                  <Text size="sm" c="dimmed">
                    “{entry.note}”
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
