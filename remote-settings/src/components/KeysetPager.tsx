import { PagerButton } from '@dash/shared';
import { Group, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Keyset paging that goes forward by the answer's `nextCursor`: the cursors of the pages before
 * this one (Previous pops), the cursor to ask with, and Next's cursor to push.
 */
export function useKeysetPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursors,
    cursor: cursors[cursors.length - 1],
    previous: () => setCursors((before) => before.slice(0, -1)),
    next: (cursor: string) => setCursors((before) => [...before, cursor]),
    /** Back to the first page (the filters changed). */
    reset: () => setCursors([]),
  };
}

/** Previous, "Page n" (announced) and Next under a keyset-paged list (the audit and delivery logs). */
export function KeysetPager({
  pages,
  nextCursor,
  labels,
}: {
  pages: ReturnType<typeof useKeysetPages>;
  nextCursor: string | null | undefined;
  labels: { previous: string; page: string; next: string };
}) {
  return (
    <Group gap="xs">
      <PagerButton unavailable={pages.cursors.length === 0} onPress={pages.previous}>
        {labels.previous}
      </PagerButton>
      <Text size="sm" aria-live="polite">
        {labels.page}
      </Text>
      <PagerButton
        unavailable={!nextCursor}
        onPress={() => {
          if (nextCursor) pages.next(nextCursor);
        }}
      >
        {labels.next}
      </PagerButton>
    </Group>
  );
}
