import { notifyError, useT } from '@dash/shared';
import { UPLOAD_CONTENT_TYPES, useReplyToThreadMutation } from '@dash/shared/api';
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type CSSProperties, type KeyboardEvent, memo, useState } from 'react';
import { PaperclipIcon, SendIcon } from '../../../components/icons';
import { type ReplyAttachment, useReplyAttachments } from '../hooks/useReplyAttachments';

const ACCEPT = UPLOAD_CONTENT_TYPES.join(',');
/**
 * Where the browser grows a text area with its text (CSS `field-sizing: content`, Chromium 123+),
 * the box leaves it to the browser; elsewhere Mantine's autosize measures it with a hidden copy, on
 * mount and on every keystroke (on the first load that was 3.4 to 3.8 ms of the commit that replaces
 * the server's page, x4 on a phone). Either way it starts at one line and stops growing at 12rem.
 */
const GROWS_ITSELF =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
const INPUT_STYLE: CSSProperties = {
  maxHeight: '12rem',
  overflowY: 'auto',
  ...(GROWS_ITSELF ? { fieldSizing: 'content' } : {}),
};

interface ReplyBoxProps {
  organizationUid: string;
  threadUid: string;
}

/**
 * The reply box (spec sections 2, 4, 5): Enter sends, Shift+Enter adds a line; sending is blocked
 * while the trimmed text is empty and nothing is attached, and while a file uploads. While the reply
 * is on its way the text area is disabled and the send button spins; on success both are cleared.
 * Memoized: the thread view re-renders as older pages load, and the reply box has nothing new then.
 */
export const ReplyBox = memo(function ReplyBox({ organizationUid, threadUid }: ReplyBoxProps) {
  const { t } = useT('messages');
  const [text, setText] = useState('');
  const files = useReplyAttachments(organizationUid);
  const reply = useReplyToThreadMutation(organizationUid, threadUid);
  const blocked = (text.trim() === '' && files.attachments.length === 0) || files.uploading;

  const send = () => {
    if (blocked || reply.isPending) return;
    reply.mutate(
      { content: text, attachments: files.payload },
      {
        onSuccess: () => {
          setText('');
          files.clear();
        },
        onError: notifyError,
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {files.attachments.length > 0 ? (
        <Group gap={6} aria-label={t('reply.attachments')} role="list">
          {files.attachments.map((attachment) => (
            <AttachmentChip
              key={attachment.key}
              attachment={attachment}
              disabled={reply.isPending}
              onRemove={() => files.remove(attachment.key)}
            />
          ))}
        </Group>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={files.add} multiple accept={ACCEPT} disabled={reply.isPending}>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('reply.attach')}>
              <PaperclipIcon />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          aria-label={t('reply.message')}
          placeholder={t('reply.placeholder')}
          autosize={!GROWS_ITSELF}
          minRows={1}
          rows={1}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={reply.isPending}
          style={{ flex: 1 }}
          styles={{ input: INPUT_STYLE }}
        />
        <ActionIcon
          size="lg"
          aria-label={t('reply.send')}
          onClick={send}
          loading={reply.isPending}
          disabled={blocked && !reply.isPending}
        >
          <SendIcon />
        </ActionIcon>
      </Group>
    </Stack>
  );
});

function AttachmentChip({
  attachment,
  disabled,
  onRemove,
}: {
  attachment: ReplyAttachment;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useT('messages');
  const uploading = attachment.tempFileId === undefined;
  return (
    <Paper role="listitem" withBorder radius="xl" px={8} py={2} aria-busy={uploading || undefined}>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" maw={100} truncate="end" title={attachment.name}>
          {attachment.name}
        </Text>
        {uploading ? (
          <Progress
            w={40}
            size="sm"
            value={Math.round(attachment.progress * 100)}
            aria-label={t('reply.uploading', { name: attachment.name })}
          />
        ) : null}
        <CloseButton
          size="xs"
          aria-label={t('reply.remove', { name: attachment.name })}
          onClick={onRemove}
          disabled={disabled}
        />
      </Group>
    </Paper>
  );
}
