import type { useT } from '@dash/shared';
import { formatFileSize, type TMessage } from '@dash/shared/api';
import { memo } from 'react';
import { displayAddress, formatDateTime, isClientAddress } from '../../threads/format';
import { BUBBLE } from './bubble-styles';

type TMessagesT = ReturnType<typeof useT>;

/**
 * The bubbles' texts, remembered per key and value for one thread and language: a thread repeats a
 * handful of senders and recipient lists thousands of times, and t() (key lookup,
 * interpolation) was the largest part of a bubble's render while scrolling.
 */
export function rememberTexts(t: TMessagesT['t']) {
  const seen = new Map<string, string>();
  return (key: string, values?: Record<string, string>): string => {
    const id = values ? `${key}\u0000${Object.values(values).join('\u0000')}` : key;
    let text = seen.get(id);
    if (text === undefined) {
      text = t(key, values);
      seen.set(id, text);
    }
    return text;
  };
}

export type BubbleTexts = ReturnType<typeof rememberTexts>;

interface MessageBubbleProps {
  message: TMessage;
  clientMailDomain: string;
  /** The thread's remembered texts (`rememberTexts` of its `useT('messages').t`). */
  text: BubbleTexts;
  locale: TMessagesT['locale'];
}

/**
 * One mail: own messages on the right, others on the left, at most 80% of the width. Plain elements
 * with the classes of bubble-styles.ts: a long thread mounts rows as fast as the reader scrolls, so a
 * bubble is as few elements as it can be (From, To and CC share one block) and carries no inline
 * style (elements with one class list share their computed style; inline styles are parsed and
 * resolved per element).
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  clientMailDomain,
  text,
  locale,
}: MessageBubbleProps) {
  const me = text('message.me');
  const shown = (address: string) => displayAddress(address, clientMailDomain, me);
  const sender = isClientAddress(message.from, clientMailDomain)
    ? me
    : message.fromName
      ? `${message.fromName} <${message.from}>`
      : message.from;
  const header = [
    message.own ? null : text('message.from', { sender }),
    text('message.to', { recipients: message.to.map(shown).join(', ') }),
    message.cc.length > 0 ? text('message.cc', { recipients: message.cc.map(shown).join(', ') }) : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
  return (
    <article
      data-message-uid={message.uid}
      aria-label={
        message.own
          ? text('message.fromMe')
          : text('message.fromOther', { name: message.fromName ?? message.from })
      }
      className={message.own ? BUBBLE.own : BUBBLE.other}
    >
      <div className={BUBBLE.meta}>{header}</div>
      {message.text ? <div className={BUBBLE.body}>{message.text}</div> : null}
      {message.attachments.map((attachment) => (
        <a
          key={attachment.uid}
          href={attachment.url}
          target="_blank"
          rel="noopener noreferrer"
          className={BUBBLE.attachment}
        >
          {attachment.fileName}{' '}
          <span className={BUBBLE.size}>({formatFileSize(attachment.byteSize, locale)})</span>
        </a>
      ))}
      {/* The time is the footer itself unless a delivery state goes beside it: one element fewer
          for each of the thousands of bubbles a long thread mounts and unmounts while scrolling. */}
      {message.delivery === 'sending' || message.delivery === 'failed' ? (
        <div className={BUBBLE.footer}>
          {message.delivery === 'sending' ? (
            <span>{text('message.sending')}</span>
          ) : (
            <span className={BUBBLE.failed}>{text('message.notDelivered')}</span>
          )}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </div>
      ) : (
        <time className={BUBBLE.footer} dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      )}
    </article>
  );
});
