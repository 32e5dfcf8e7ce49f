import { useCurrentOrganization, useT, visuallyHidden } from '@dash/shared';
import { SEARCH_QUERY_MAX, type TThread } from '@dash/shared/api';
import { Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type UIEvent, useState } from 'react';
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
  /**
   * The search the shown conversations answer, once its answer is on screen and the field still
   * says it; undefined while typing, loading, without a search, or after a failure.
   */
  resultsFor: string | undefined;
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
  // Said once per settled search, in a polite live region: not on every keystroke (the page only
  // names a search once its debounced answer is shown), and not again when the list is polled or
  // scrolled to its next page. Derived while rendering (React's pattern for state that follows a
  // prop) so the words are those of the moment the search settled.
  const [said, setSaid] = useState<{ search: string | undefined; text: string }>({
    search: undefined,
    text: '',
  });
  if (said.search !== props.resultsFor) {
    const search = props.resultsFor;
    const count = threads.length;
    setSaid({
      search,
      text:
        search === undefined
          ? ''
          : count === 0
            ? t('list.noMatch', { search })
            : t(hasMore ? 'list.resultsAtLeast' : 'list.results', { count }),
    });
  }
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
      <div role="status" aria-label={t('list.searchResults')} style={visuallyHidden}>
        {said.text}
      </div>
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
