import { formatDate, type TKybTimelineEntry } from '@dash/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';

const ACTION_LABELS: Record<string, string> = {
  'kyb.draft_saved': 'Draft saved',
  'kyb.submitted': 'Submitted for review',
  'kyb.approved': 'Approved',
  'kyb.rejected': 'Rejected',
  'kyb.changes_requested': 'Changes requested',
};

/** Every change of the application: who, when, from which state to which, and the note. */
export function KybTimeline({ entries }: { entries: TKybTimelineEntry[] }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          History
        </Title>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet: the history starts with the first saved draft.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" aria-label="KYB history" style={{ paddingLeft: 20, margin: 0 }}>
            {entries.map((entry) => (
              <li key={`${entry.at}:${entry.action}:${entry.actor}`}>
                <Text size="sm">
                  <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>
                  {entry.from && entry.to && entry.from !== entry.to ? ` (${entry.from} → ${entry.to})` : ''}{' '}
                  by {entry.actor} · {formatDate(entry.at)}
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
