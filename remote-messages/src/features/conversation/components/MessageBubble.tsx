import type { TMessage, useT } from '@dash/shared';
import { type CSSProperties, memo } from 'react';
import { displayAddress, formatDateTime, formatFileSize, isClientAddress } from '../../threads/format';

/*
 * Plain elements styled with the theme's CSS variables: a long thread mounts rows as fast as the
 * reader scrolls, and a bubble built from a dozen Mantine components costs several times more.
 */
const row = (own: boolean): CSSProperties => ({
  display: 'flex',
  justifyContent: own ? 'flex-end' : 'flex-start',
  padding: '6px var(--mantine-spacing-md)',
});
const bubble = (own: boolean): CSSProperties => ({
  maxWidth: '80%',
  minWidth: 0,
  padding: '8px var(--mantine-spacing-sm)',
  borderRadius: 'var(--mantine-radius-md)',
  border: own ? '1px solid transparent' : '1px solid var(--mantine-color-default-border)',
  background: own ? 'var(--mantine-color-teal-light)' : undefined,
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
});
const meta: CSSProperties = { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' };
const body: CSSProperties = { marginTop: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };
const link: CSSProperties = {
  display: 'block',
  color: 'var(--mantine-color-anchor)',
  overflowWrap: 'anywhere',
};
const footer: CSSProperties = { ...meta, display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 2 };
const failed: CSSProperties = { color: 'var(--mantine-color-error)' };

type TMessagesT = ReturnType<typeof useT>;

interface MessageBubbleProps {
  message: TMessage;
  clientMailDomain: string;
  /**
   * The thread's `useT('messages')`, passed down: a translation hook per bubble cost a copy of the i18n
   * instance (react-i18next's wrapper) each time a row mounted, hundreds of times while scrolling.
   */
  t: TMessagesT['t'];
  locale: TMessagesT['locale'];
}

/** One mail: own messages on the right, others on the left, at most 80% of the width. */
export const MessageBubble = memo(function MessageBubble({
  message,
  clientMailDomain,
  t,
  locale,
}: MessageBubbleProps) {
  const me = t('message.me');
  const shown = (address: string) => displayAddress(address, clientMailDomain, me);
  const sender = isClientAddress(message.from, clientMailDomain)
    ? me
    : message.fromName
      ? `${message.fromName} <${message.from}>`
      : message.from;
  return (
    <div style={row(message.own)}>
      <article
        data-message-uid={message.uid}
        aria-label={
          message.own
            ? t('message.fromMe')
            : t('message.fromOther', { name: message.fromName ?? message.from })
        }
        style={bubble(message.own)}
      >
        {message.own ? null : <div style={meta}>{t('message.from', { sender })}</div>}
        <div style={meta}>{t('message.to', { recipients: message.to.map(shown).join(', ') })}</div>
        {message.cc.length > 0 ? (
          <div style={meta}>{t('message.cc', { recipients: message.cc.map(shown).join(', ') })}</div>
        ) : null}
        {message.text ? <div style={body}>{message.text}</div> : null}
        {message.attachments.length > 0 ? (
          <div style={{ marginTop: 4 }}>
            {message.attachments.map((attachment) => (
              <a
                key={attachment.uid}
                href={attachment.url}
                target="_blank"
                rel="noopener noreferrer"
                style={link}
              >
                {attachment.fileName}{' '}
                <span style={meta}>({formatFileSize(attachment.byteSize, locale)})</span>
              </a>
            ))}
          </div>
        ) : null}
        <div style={footer}>
          {message.delivery === 'sending' ? <span>{t('message.sending')}</span> : null}
          {message.delivery === 'failed' ? <span style={failed}>{t('message.notDelivered')}</span> : null}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </div>
      </article>
    </div>
  );
});
