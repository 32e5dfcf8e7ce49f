import type { TMessage } from '@dash/shared';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { displayAddress, formatDateTime, formatFileSize } from '../../threads/format';

interface MessageBubbleProps {
  message: TMessage;
  clientMailDomain: string;
}

/** One mail: own messages on the right, others on the left, at most 80% of the width. */
export const MessageBubble = memo(function MessageBubble({ message, clientMailDomain }: MessageBubbleProps) {
  const shown = (address: string) => displayAddress(address, clientMailDomain);
  const from = message.fromName ? `${message.fromName} <${message.from}>` : message.from;
  return (
    <Group justify={message.own ? 'flex-end' : 'flex-start'} px="md" py={6} wrap="nowrap">
      <Paper
        component="article"
        data-message-uid={message.uid}
        aria-label={message.own ? 'Message from me' : `Message from ${message.fromName ?? message.from}`}
        maw="80%"
        px="sm"
        py={8}
        radius="md"
        withBorder={!message.own}
        bg={message.own ? 'var(--mantine-color-teal-light)' : undefined}
      >
        <Stack gap={2}>
          {message.own ? null : (
            <Text size="xs" c="dimmed">
              From: {shown(message.from) === 'me' ? 'me' : from}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            To: {message.to.map(shown).join(', ')}
          </Text>
          {message.cc.length > 0 ? (
            <Text size="xs" c="dimmed">
              CC: {message.cc.map(shown).join(', ')}
            </Text>
          ) : null}
          {message.text ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
          ) : null}
          {message.attachments.length > 0 ? (
            <Stack gap={2} mt={4}>
              {message.attachments.map((attachment) => (
                <Anchor
                  key={attachment.uid}
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {attachment.fileName}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatFileSize(attachment.byteSize)})
                  </Text>
                </Anchor>
              ))}
            </Stack>
          ) : null}
          <Group gap="xs" justify="flex-end" mt={2}>
            {message.delivery === 'sending' ? (
              <Text size="xs" c="dimmed">
                Sending…
              </Text>
            ) : message.delivery === 'failed' ? (
              <Text size="xs" c="red">
                Not delivered
              </Text>
            ) : null}
            <Text component="time" dateTime={message.createdAt} size="xs" c="dimmed">
              {formatDateTime(message.createdAt)}
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Group>
  );
});
