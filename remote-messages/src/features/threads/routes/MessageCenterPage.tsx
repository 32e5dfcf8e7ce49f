import {
  currentLocale,
  notifyError,
  PageHeader,
  paths,
  preloadEndAnchoredList,
  prepareRelativeTime,
  useCurrentOrganization,
  usePhoneQuery,
  useT,
} from '@dash/shared';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { ThreadView } from '../../conversation/components/ThreadView';
import { useThreadsQuery } from '../api/get-threads';
import { ThreadList } from '../components/ThreadList';
import { useMessageCenterEvents } from '../hooks/useMessageCenterEvents';
import { MESSAGE_PANE_HEIGHT_PX, MOBILE_MEDIA_QUERY, THREAD_LIST_WIDTH_PX } from '../layout';

const SEARCH_DEBOUNCE_MS = 250;

// The conversation's list code comes from the shared singleton (a lazy chunk of the host's build):
// asked for as soon as this area's code runs (at boot when the page opens on it, see the shell's
// startRouteArea), not one round trip after the area first renders.
preloadEndAnchoredList();
// The threads show relative times ("3 minutes ago"): the formatter is made while the list loads.
prepareRelativeTime(currentLocale());

/**
 * /org/{org}/messages[/{threadUid}]: the conversation list beside the selected conversation. The
 * first thread is selected by default (and put in the URL); under 768px one pane shows at a time:
 * the list at /messages, the thread at /messages/{threadUid} with a back button.
 */
export function MessageCenterPage() {
  const organization = useCurrentOrganization();
  const { t } = useT('messages');
  const { threadUid } = useParams<{ threadUid?: string }>();
  const navigate = useNavigate();
  // A navigation under way (a sidebar link whose loaders are still running) has not moved the
  // address yet: replacing it now would cancel that navigation and keep the reader here.
  // (useNavigation's state, without its throw outside a data router: a page rendered in a test.)
  const navigating = (useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle') !== 'idle';
  // The router itself, for the moment the pin runs: a click's navigation starts loading at once, but
  // React renders that state later (a transition), so this render's `navigating` can still be false.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // The address this render is for. The router's own can be ahead of it: the shell renders a finished
  // navigation as a transition, so this page can still be on screen after the address moved on.
  const { pathname } = useLocation();
  const mobile = usePhoneQuery(MOBILE_MEDIA_QUERY);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const pollInterval = useMessageCenterEvents(organization.uid, threadUid);
  const query = useThreadsQuery(organization.uid, debouncedSearch, { refetchInterval: pollInterval });
  // An answer renders as a transition: TanStack Query's store renders synchronously, and the list with
  // the selected conversation was one task of 50-120 ms at 4x CPU after the first paint. React now
  // renders it in slices it can interrupt; until then the list keeps what it showed (its skeleton).
  const answer = useDeferredValue(query.data);
  const rendering = answer !== query.data;
  const threads = useMemo(() => answer?.pages.flatMap((page) => page.data) ?? [], [answer]);

  useEffect(() => {
    if (query.error) notifyError(query.error);
  }, [query.error]);

  const first = threads[0]?.uid;
  const selectedUid = threadUid ?? (mobile ? undefined : first);
  // The address then names the conversation shown (a new thread arriving on top does not take its
  // place). In a task of its own: on the first load this effect runs inside the commit that replaces
  // the server's page, and the router's navigation made that task 0.7 and 12.5 ms longer in two
  // loads (x4 on a phone). Not if the user has gone elsewhere meanwhile: their navigation (a sidebar
  // link clicked as the list arrived) has moved the address before this page unmounts, has finished
  // but is not rendered yet (the router is at another address than this render's), or is still
  // loading (above); replacing it would take them back here.
  useEffect(() => {
    if (threadUid || mobile || !first || debouncedSearch || navigating) return;
    const address = window.location.pathname;
    const pin = setTimeout(() => {
      if (window.location.pathname !== address) return;
      if (router && (router.state.navigation.state !== 'idle' || router.state.location.pathname !== pathname))
        return;
      navigate(paths.org.messageThread(organization.slug, first), { replace: true });
    });
    return () => clearTimeout(pin);
  }, [threadUid, mobile, first, debouncedSearch, navigating, navigate, router, pathname, organization.slug]);

  // The search whose answer the list shows, once the field has stopped changing (the debounce) and
  // that answer has rendered: what the list announces.
  const settledSearch =
    debouncedSearch && debouncedSearch === search.trim() && query.isSuccess && !rendering
      ? debouncedSearch
      : undefined;
  const noThreadsAtAll = query.isSuccess && !rendering && threads.length === 0 && !debouncedSearch && !search;
  // A conversation's address (another organization's, a stale link) where there is none: the pane
  // says whether it exists ('Conversation not found', with the way back), not the empty list.
  const showEmpty = noThreadsAtAll && !threadUid;
  const showList = !noThreadsAtAll && (!mobile || !threadUid);
  const showThread = !mobile || Boolean(threadUid);

  return (
    <Stack gap="md">
      <PageHeader title={t('page.title')} />
      <Paper
        withBorder
        radius="md"
        h={mobile ? 'calc(100dvh - 150px)' : MESSAGE_PANE_HEIGHT_PX}
        mih={mobile ? 420 : undefined}
        style={{ display: 'flex', overflow: 'hidden' }}
      >
        {showEmpty ? (
          <Stack align="center" justify="center" gap={4} style={{ flex: 1 }}>
            <Text fw={600}>{t('page.emptyTitle')}</Text>
            <Text c="dimmed" size="sm">
              {t('page.emptyText')}
            </Text>
          </Stack>
        ) : (
          <>
            {showList ? (
              <Box
                w={mobile ? '100%' : THREAD_LIST_WIDTH_PX}
                style={{
                  flexShrink: 0,
                  borderRight: mobile ? undefined : '1px solid var(--mantine-color-default-border)',
                }}
              >
                <ThreadList
                  organizationSlug={organization.slug}
                  threads={threads}
                  selectedUid={selectedUid}
                  search={search}
                  onSearchChange={setSearch}
                  resultsFor={settledSearch}
                  loading={query.isPending || (rendering && answer === undefined)}
                  failed={query.isError}
                  onRetry={() => query.refetch()}
                  hasMore={query.hasNextPage}
                  loadingMore={query.isFetchingNextPage}
                  onLoadMore={() => query.fetchNextPage()}
                />
              </Box>
            ) : null}
            {showThread ? (
              <Box style={{ flex: 1, minWidth: 0 }}>
                {selectedUid ? (
                  <ThreadView
                    key={selectedUid}
                    organization={organization}
                    threadUid={selectedUid}
                    listed={threads.find((thread) => thread.uid === selectedUid)}
                    onBack={mobile ? () => navigate(paths.org.messages(organization.slug)) : undefined}
                  />
                ) : null}
              </Box>
            ) : null}
          </>
        )}
      </Paper>
    </Stack>
  );
}
