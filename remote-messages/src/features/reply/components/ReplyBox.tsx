import { notifyError, useOneAtATime, useT, visuallyHidden, wordMessage } from '@dash/shared';
import { isBlankText, REPLY_CONTENT_MAX, UPLOAD_CONTENT_TYPES } from '@dash/shared/api';
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
import { type CSSProperties, type KeyboardEvent, memo, type Ref, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PaperclipIcon, SendIcon } from '../../../components/icons';
import { useReplyToThreadMutation } from '../api/reply-to-thread';
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
/**
 * `field-sizing: content` makes the text's longest unbreakable run (a long URL) the text area's
 * minimum width, and its field, a flex item, never shrank below that: it pushed the send button off
 * screen, and the caret scrolled the pane sideways (blank on a phone). The field may shrink
 * (`minWidth: 0`) and the text may break anywhere (`overflowWrap: 'anywhere'`, which takes that
 * minimum down to one character): either alone holds the width in Chromium; the text wraps and the
 * box grows only in height, to 12rem.
 */
const FIELD_STYLE: CSSProperties = { flex: 1, minWidth: 0 };
const INPUT_STYLE: CSSProperties = {
  maxHeight: '12rem',
  overflowY: 'auto',
  overflowWrap: 'anywhere',
  ...(GROWS_ITSELF ? { fieldSizing: 'content' } : {}),
};

/**
 * What was typed in each thread and not sent, while the page lives: opening another conversation
 * and coming back finds the draft where it was (the box is mounted per thread).
 */
const drafts = new Map<string, string>();

interface ReplyBoxProps {
  organizationUid: string;
  threadUid: string;
}

/**
 * The reply box (spec sections 2, 4, 5): Enter sends, Shift+Enter adds a line; sending is blocked
 * while the trimmed text is empty and nothing is attached, and while a file uploads. While the reply
 * is on its way the text area is disabled and the send button spins; on success both are cleared
 * and "Reply sent" is said politely. Focus is kept for keyboard users: the disabled text area (or
 * the spinning button) drops it to the body, so it comes back to the text area once the send has
 * settled; a removed attachment hands it to its neighbour's Remove, or to Attach file.
 * Memoized: the thread view re-renders as older pages load, and the reply box has nothing new then.
 */
export const ReplyBox = memo(function ReplyBox({ organizationUid, threadUid }: ReplyBoxProps) {
  const { t } = useT('messages');
  const draftKey = `${organizationUid}:${threadUid}`;
  const [text, setTextState] = useState(() => drafts.get(draftKey) ?? '');
  const setText = (value: string) => {
    setTextState(value);
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  };
  const files = useReplyAttachments(organizationUid);
  const reply = useReplyToThreadMutation(organizationUid, threadUid);
  // Said at the box as soon as it is true, rather than by the server after Send.
  const tooLong = text.length > REPLY_CONTENT_MAX;
  // Blank as the contract says it (white space and invisible characters): Send stays off.
  const blocked = (isBlankText(text) && files.attachments.length === 0) || files.uploading || tooLong;
  // One reply per submission: `reply.isPending` renders after both clicks of a double-click.
  const once = useOneAtATime();
  const boxRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  // Empties the file input: a browser fires no change for the file its input already holds.
  const resetPicker = useRef<() => void>(null);
  // What the box says politely: "Reply sent", or that a picked file is already attached. Emptied
  // first, so the same words are said again.
  const [notice, setNotice] = useState('');
  // A send has settled: the text area takes focus back once it is enabled again (it cannot while disabled).
  const refocusField = useRef(false);

  useEffect(() => {
    if (reply.isPending || !refocusField.current) return;
    refocusField.current = false;
    // Not taken back from wherever the user went meanwhile: only from the body, where the disabled
    // controls left it, or from inside the box.
    const active = document.activeElement;
    if (!active || active === document.body || boxRef.current?.contains(active)) fieldRef.current?.focus();
  }, [reply.isPending]);

  // The chip and its focused Remove go: focus goes to the next chip's Remove (the previous one's for
  // the last chip), or to Attach file when no chip is left.
  const removeAttachment = (key: number) => {
    const list = files.attachments;
    const at = list.findIndex((item) => item.key === key);
    const neighbour = list[at + 1] ?? list[at - 1];
    flushSync(() => files.remove(key));
    ((neighbour && removeButtons.current.get(neighbour.key)) ?? attachRef.current)?.focus();
  };

  // The input is emptied after every pick, so picking a file again (removed, or sent with the last
  // reply) is a change; a file still attached is not attached twice, which is said, not shown (its
  // chip is there).
  const attach = (picked: File[]) => {
    const leftOut = files.add(picked);
    resetPicker.current?.();
    if (leftOut.length === 0) return;
    flushSync(() => setNotice(''));
    setNotice(leftOut.map((file) => t('reply.alreadyAttached', { name: file.name })).join(' '));
  };

  const send = () => {
    if (blocked) return;
    once((done) => {
      // Not a draft any more once sent (even if this box is gone when the answer comes); kept again
      // if the send fails.
      drafts.delete(draftKey);
      setNotice('');
      reply.mutate(
        { content: text, attachments: files.payload },
        {
          onSuccess: () => {
            setText('');
            files.clear();
            setNotice(t('reply.sent'));
          },
          onError: (error) => {
            if (text) drafts.set(draftKey, text);
            notifyError(error);
          },
          onSettled: () => {
            refocusField.current = true;
            done();
          },
        },
      );
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Stack ref={boxRef} gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <div role="status" style={visuallyHidden}>
        {notice}
      </div>
      {files.attachments.length > 0 ? (
        <Group gap={6} aria-label={t('reply.attachments')} role="list">
          {files.attachments.map((attachment) => (
            <AttachmentChip
              key={attachment.key}
              attachment={attachment}
              disabled={reply.isPending}
              onRemove={() => removeAttachment(attachment.key)}
              removeRef={(element) => {
                if (element) removeButtons.current.set(attachment.key, element);
                else removeButtons.current.delete(attachment.key);
              }}
            />
          ))}
        </Group>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton
          onChange={attach}
          resetRef={resetPicker}
          multiple
          accept={ACCEPT}
          disabled={reply.isPending}
        >
          {(props) => (
            <ActionIcon {...props} ref={attachRef} variant="subtle" size="lg" aria-label={t('reply.attach')}>
              <PaperclipIcon />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          ref={fieldRef}
          aria-label={t('reply.message')}
          placeholder={t('reply.placeholder')}
          autosize={!GROWS_ITSELF}
          minRows={1}
          rows={1}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={reply.isPending}
          error={tooLong ? wordMessage({ code: 'messages.messageTooLong' }) : undefined}
          style={FIELD_STYLE}
          styles={{ input: INPUT_STYLE }}
        />
        {/* `loading` is true or absent, never false: Mantine's ActionIcon keeps a boolean `loading`'s
            spinner in a Transition, whose entry renders again in the next frame with flushSync (8 ms
            of the click's frame at 4x CPU, traced); mounted already entered, it shows at once. */}
        <ActionIcon
          size="lg"
          aria-label={t('reply.send')}
          onClick={send}
          loading={reply.isPending || undefined}
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
  removeRef,
}: {
  attachment: ReplyAttachment;
  disabled: boolean;
  onRemove: () => void;
  removeRef: Ref<HTMLButtonElement>;
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
          ref={removeRef}
          size="xs"
          aria-label={t('reply.remove', { name: attachment.name })}
          onClick={onRemove}
          disabled={disabled}
        />
      </Group>
    </Paper>
  );
}
