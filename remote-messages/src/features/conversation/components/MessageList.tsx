import type { TMessage } from '@dash/shared';
import { Center, Loader } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { MessageBubble } from './MessageBubble';

interface MessageListProps {
  /** Oldest first. */
  messages: TMessage[];
  clientMailDomain: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** Within this distance of the bottom the view follows new messages. */
const STICK_TO_BOTTOM_PX = 120;
/** Older messages load once the view is this many messages from the top. */
const LOAD_OLDER_WITHIN = 8;
const PADDING_PX = 8;

/**
 * The conversation, virtualized (a thread may hold thousands of mails) and anchored to its end: it
 * opens at the newest message, keeps the reader's place when older pages arrive above, and follows
 * new messages when the reader is at the bottom (or sent one).
 */
export function MessageList({
  messages,
  clientMailDomain,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 110,
    getItemKey: (index) => messages[index]?.uid ?? index,
    overscan: 6,
    paddingStart: PADDING_PX,
    paddingEnd: PADDING_PX,
  });

  const anchored = useRef(false);
  const atBottom = useRef(true);
  const firstUid = useRef<string | undefined>(undefined);
  const lastUid = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const first = messages[0]?.uid;
    const last = messages.at(-1);
    if (!element || !first || !last) return;
    if (!anchored.current) {
      // The view scrolls to the bottom when a thread loads (spec section 2).
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
      anchored.current = true;
    } else if (firstUid.current !== first && firstUid.current !== undefined) {
      // Older messages arrived above: move down by their height so the same mail stays in view.
      const previousFirst = messages.findIndex((message) => message.uid === firstUid.current);
      const start = previousFirst > 0 ? virtualizer.measurementsCache[previousFirst]?.start : undefined;
      if (start !== undefined) element.scrollTop += start - PADDING_PX;
    }
    if (lastUid.current !== undefined && lastUid.current !== last.uid && (atBottom.current || last.own)) {
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    }
    firstUid.current = first;
    lastUid.current = last.uid;
  }, [messages, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const topIndex = items[0]?.index;
  useEffect(() => {
    if (!anchored.current || topIndex === undefined) return;
    if (topIndex <= LOAD_OLDER_WITHIN && hasOlder && !loadingOlder) onLoadOlder();
  }, [topIndex, hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <div
        ref={scrollRef}
        role="log"
        aria-label="Messages"
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current =
            element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        style={{ height: '100%', overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const message = messages[item.index];
            if (!message) return null;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <MessageBubble message={message} clientMailDomain={clientMailDomain} />
              </div>
            );
          })}
        </div>
      </div>
      {loadingOlder ? (
        <Center py={4} style={{ position: 'absolute', top: 0, left: 0, right: 0, pointerEvents: 'none' }}>
          <Loader size="xs" aria-label="Loading older messages" />
        </Center>
      ) : null}
    </div>
  );
}
