import { useCurrentOrganization, useT } from '@dash/shared';
import { SEARCH_QUERY_MAX, type TThread } from '@dash/shared/api';
import { Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { UIEvent } from 'react';
import { SearchIcon } from '../../../components/icons';
import { usePrefetchThreadOnIntent } from '../hooks/usePrefetchThreadOnIntent';
import { ThreadListItem } from './ThreadListItem';
import { ThreadListSkeleton } from './ThreadListSkeleton';

interface ThreadListProps {
  organizationSlug: string;
  threads: TThread[];
  selectedUid: string | undefined;
  search: string;
  onSearchChange: (value: string) => void;
  /** The first answer for the current search has not arrived yet. */
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The left pane: search over the organization's threads, then the conversations, newest first. */
export function ThreadList(props: ThreadListProps) {
  const { threads, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useT('messages');
  const prefetch = usePrefetchThreadOnIntent(useCurrentOrganization().uid);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (hasMore && !loadingMore && element.scrollHeight - element.scrollTop - element.clientHeight < 120) {
      onLoadMore();
    }
  };
  return (
    <Stack gap={0} h="100%">
      <TextInput
        p="xs"
        type="search"
        aria-label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<SearchIcon />}
        value={props.search}
        // The API refuses a longer search (400): the field stops there instead.
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => props.onSearchChange(event.currentTarget.value)}
      />
      <nav
        aria-label={t('list.label')}
        aria-busy={props.loading || undefined}
        onScroll={onScroll}
        onPointerOver={prefetch.onPointerOver}
        onPointerLeave={prefetch.onPointerLeave}
        onFocus={prefetch.onFocus}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '0 var(--mantine-spacing-xs)' }}
      >
        {props.loading ? (
          <ThreadListSkeleton />
        ) : props.failed && threads.length === 0 ? (
          <Stack align="center" gap="xs" p="md">
            <Text size="sm" c="dimmed" ta="center">
              {t('list.failed')}
            </Text>
            <Button size="xs" variant="light" onClick={props.onRetry}>
              {t('list.retry')}
            </Button>
          </Stack>
        ) : threads.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" p="md">
            {t('list.noMatch', { search: props.search.trim() })}
          </Text>
        ) : (
          threads.map((thread) => (
            <ThreadListItem
              key={thread.uid}
              thread={thread}
              organizationSlug={props.organizationSlug}
              selected={thread.uid === props.selectedUid}
            />
          ))
        )}
        {loadingMore ? (
          <Center p="xs">
            <Loader size="xs" aria-label={t('list.loadingMore')} />
          </Center>
        ) : null}
      </nav>
    </Stack>
  );
}
