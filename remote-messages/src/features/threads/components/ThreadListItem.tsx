import { paths, useT, visuallyHidden } from '@dash/shared';
import type { TThread } from '@dash/shared/api';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { threadTitle } from '../format';
import { RelativeTime } from './RelativeTime';
import { ThreadAvatar } from './ThreadAvatar';

interface ThreadListItemProps {
  thread: TThread;
  organizationSlug: string;
  selected: boolean;
}

/** One conversation in the list: avatar, name, provider, when, and a dot while unread. */
export const ThreadListItem = memo(function ThreadListItem({
  thread,
  organizationSlug,
  selected,
}: ThreadListItemProps) {
  const { t } = useT('messages');
  const unread = thread.unreadCount > 0;
  return (
    <UnstyledButton
      component={Link}
      to={paths.org.messageThread(organizationSlug, thread.uid)}
      data-thread-uid={thread.uid}
      aria-current={selected ? 'page' : undefined}
      px="sm"
      py={10}
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-color-teal-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThreadAvatar provider={thread.provider} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={unread ? 700 : 500} truncate="end" style={{ flex: 1 }}>
              {threadTitle(thread.name, t)}
            </Text>
            {unread ? (
              <Box
                w={8}
                h={8}
                bg="teal.6"
                style={{ borderRadius: '50%', flexShrink: 0 }}
                title={t('list.unreadCount', { count: thread.unreadCount })}
              >
                <span style={visuallyHidden}>{t('list.unread')}</span>
              </Box>
            ) : null}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end" style={{ flex: 1 }}>
              {thread.provider?.name ?? t('thread.unknownProvider')}
            </Text>
            <RelativeTime value={thread.lastMessageAt} />
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
});
