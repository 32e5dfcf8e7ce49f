import {
  can,
  EndAnchoredList,
  isMissingItem,
  notifyError,
  PERMISSION_DENIED_CODE,
  paths,
  type TOrganization,
  useT,
  wordMessage,
} from '@dash/shared';
import type { TMessage, TThread } from '@dash/shared/api';
import { ActionIcon, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { ReplyBox } from '../../reply/components/ReplyBox';
import { ThreadAvatar } from '../../threads/components/ThreadAvatar';
import { threadTitle } from '../../threads/format';
import { threadMessagesOf, useThreadMessagesQuery } from '../api/get-thread-messages';
import { useMarkThreadReadMutation } from '../api/mark-thread-read';
import { SERVER_BUBBLE_CSS } from './bubble-styles';
import { MessageBubble, rememberTexts } from './MessageBubble';

const messageKey = (message: TMessage) => message.uid;
const isOwn = (message: TMessage) => message.own;
const REPLY_AREA_STYLE = { borderTop: '1px solid var(--mantine-color-default-border)' };

interface ThreadViewProps {
  organization: TOrganization;
  threadUid: string;
  /** The thread as the list shows it (its unread count is live). */
  listed: TThread | undefined;
  /** Under 768px: back to the list. */
  onBack?: () => void;
}

/** The right pane: who the conversation is with, its messages, and the reply box. */
export function ThreadView({ organization, threadUid, listed, onBack }: ThreadViewProps) {
  const { t, locale } = useT('messages');
  const query = useThreadMessagesQuery(organization.uid, threadUid);
  const markRead = useMarkThreadReadMutation(organization.uid);
  const messages = useMemo(() => threadMessagesOf(query.data), [query.data]);
  const newest = query.data?.pages[0];
  const thread = newest?.thread ?? listed;
  const loaded = newest !== undefined;
  // Nothing to show (a failed refetch of a loaded thread keeps showing it): no reply box then.
  const failed = query.isError && !loaded;
  const missing = failed && isMissingItem(query.error);

  // A missing conversation is said in the pane; a toast on top would say it twice.
  useEffect(() => {
    if (query.error && !isMissingItem(query.error)) notifyError(query.error);
  }, [query.error]);

  // Opening a thread reads it: the unread dot goes away for this user only.
  const unread = (listed ?? newest?.thread)?.unreadCount ?? 0;
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (loaded && unread > 0) markThreadRead(threadUid);
  }, [loaded, unread, threadUid, markThreadRead]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = query;
  // The thread fetched again (after it was marked read, or a new mail): the list waits for it before
  // asking for an older page, which that fetch would otherwise answer and drop.
  const refreshing = isFetching && !isFetchingNextPage;
  // The list may ask again while a page is on its way (it sees the loading state deferred): the
  // request in flight answers that call, it is not cancelled and sent again.
  const loadOlder = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  // The query's updates render synchronously (an external store), and an older page's arrival or a
  // page starting to load changes only the list: the list takes them as a deferred value, so React
  // renders them in slices it can interrupt (the thread view's own render is then a few elements).
  // A thread just opened, or its first page, is shown at once.
  const live = useMemo(
    () => ({ threadUid, messages, hasOlder: hasNextPage, loadingOlder: isFetchingNextPage, refreshing }),
    [threadUid, messages, hasNextPage, isFetchingNextPage, refreshing],
  );
  const deferred = useDeferredValue(live);
  const list = deferred.threadUid === threadUid && deferred.messages.length > 0 ? deferred : live;
  const clientMailDomain = newest?.clientMailDomain ?? '';
  // One translation per text for the thread's life (and language), not one per bubble rendered.
  const text = useMemo(() => rememberTexts(t), [t]);
  // The same function for the thread's life (and language): the list is memoized.
  const newMessagesLabel = useCallback((count: number) => t('thread.newMessages', { count }), [t]);
  const renderMessage = useCallback(
    (message: TMessage) => (
      <MessageBubble message={message} clientMailDomain={clientMailDomain} text={text} locale={locale} />
    ),
    [clientMailDomain, text, locale],
  );

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }}>
      {SERVER_BUBBLE_CSS ? <style>{SERVER_BUBBLE_CSS}</style> : null}
      <ThreadHeader thread={thread} loading={!failed} onBack={onBack} />
      {query.isPending ? (
        <ConversationSkeleton />
      ) : missing ? (
        <Stack align="center" justify="center" gap="xs" p="md" style={{ flex: 1 }}>
          <Title order={2} size="h5">
            {t('thread.notFound')}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {t('thread.notFoundText')}
          </Text>
          <Button component={Link} to={paths.org.messages(organization.slug)} size="xs" variant="light">
            {t('thread.toList')}
          </Button>
        </Stack>
      ) : failed ? (
        <Stack align="center" justify="center" gap="xs" style={{ flex: 1 }}>
          <Text size="sm" c="dimmed">
            {t('thread.failed')}
          </Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            {t('thread.retry')}
          </Button>
        </Stack>
      ) : (
        // The view scrolls to the bottom when a thread loads (spec section 2).
        <Suspense fallback={<ConversationSkeleton />}>
          <EndAnchoredList
            key={list.threadUid}
            items={list.messages}
            getKey={messageKey}
            renderItem={renderMessage}
            estimateSize={110}
            hasOlder={list.hasOlder}
            loadingOlder={list.loadingOlder}
            onLoadOlder={loadOlder}
            refreshing={list.refreshing}
            followNew={isOwn}
            label={t('thread.messages')}
            loadingOlderLabel={t('thread.loadingOlder')}
            jumpToNewestLabel={t('thread.jumpToNewest')}
            newItemsLabel={newMessagesLabel}
          />
        </Suspense>
      )}
      {failed ? null : can(organization.role, 'messages.reply') ? (
        <ReplyBox key={threadUid} organizationUid={organization.uid} threadUid={threadUid} />
      ) : (
        // Where the reply box would be, why there is none (the API's own words, in the reader's language).
        <Text size="sm" c="dimmed" ta="center" p="sm" style={REPLY_AREA_STYLE}>
          {wordMessage({ code: PERMISSION_DENIED_CODE['messages.reply'] })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Who the conversation is with. Memoized, like the reply box: loading an older page re-renders the
 * thread view, and neither needs to render again for it.
 */
const ThreadHeader = memo(function ThreadHeader({
  thread,
  loading,
  onBack,
}: {
  thread: TThread | undefined;
  /** False once the thread failed to load: then there is nothing to wait for. */
  loading: boolean;
  onBack: (() => void) | undefined;
}) {
  const { t } = useT('messages');
  if (!thread && !loading && !onBack) return null;
  return (
    <Group
      gap="sm"
      px="md"
      py="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {onBack ? (
        <ActionIcon variant="subtle" aria-label={t('thread.back')} onClick={onBack}>
          <BackIcon />
        </ActionIcon>
      ) : null}
      {thread ? (
        <>
          <ThreadAvatar provider={thread.provider} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h5" lineClamp={1}>
              {threadTitle(thread.name, t)}
            </Title>
            <Text size="xs" c="dimmed" truncate="end">
              {thread.provider?.name ?? t('thread.unknownProvider')}
            </Text>
          </Stack>
        </>
      ) : loading ? (
        <Skeleton height={36} width="50%" />
      ) : null}
    </Group>
  );
});

function ConversationSkeleton() {
  const { t } = useT('messages');
  return (
    <Stack gap="md" p="md" style={{ flex: 1 }} aria-label={t('thread.loading')}>
      <Skeleton height={72} width="60%" radius="md" />
      <Skeleton height={56} width="45%" radius="md" style={{ alignSelf: 'flex-end' }} />
      <Skeleton height={88} width="70%" radius="md" />
    </Stack>
  );
}
