import {
  ApiError,
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  notifyError,
  notifySuccess,
  sniffAvatarType,
  type TCodedMessage,
  type TOrganization,
  useT,
  wordFieldErrors,
  wordMessage,
} from '@dash/shared';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useUploadOrganizationAvatarMutation } from '../api/upload-organization-avatar';

/** The same checks as the server, before uploading: size first, then the type from the first bytes. */
async function avatarProblem(file: File): Promise<TCodedMessage | null> {
  if (file.size > AVATAR_MAX_BYTES) return { code: 'messages.avatarTooLarge' };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffAvatarType(head) ? null : { code: 'messages.avatarType' };
}

export function AvatarUpload({
  organization,
  canChange,
}: {
  organization: TOrganization;
  canChange: boolean;
}) {
  const { t } = useT('settings');
  const upload = useUploadOrganizationAvatarMutation(organization.uid);
  // What is wrong with the file, in the reader's language.
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const choose = async (file: File | null) => {
    if (!file) return;
    const found = await avatarProblem(file);
    setProblem(found ? wordMessage(found) : null);
    if (found) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('avatar.updated')),
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? wordFieldErrors(error).avatar : undefined;
        if (fieldMessage) setProblem(fieldMessage);
        else notifyError(error);
      },
    });
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('avatar.title')}
      </Text>
      <Group gap="md">
        <Avatar
          src={organization.avatar}
          alt={t('avatar.alt', { organization: organization.name })}
          size={64}
          radius="md"
          color="teal"
        >
          {organization.name.slice(0, 2).toUpperCase()}
        </Avatar>
        {canChange ? (
          <Stack gap={4}>
            <FileButton onChange={choose} accept={AVATAR_CONTENT_TYPES.join(',')} name="avatar">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={upload.isPending}
                  aria-describedby={problem ? errorId : undefined}
                >
                  {t('avatar.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('avatar.hint')}
            </Text>
          </Stack>
        ) : null}
      </Group>
      {problem ? (
        <Text id={errorId} role="alert" size="sm" c="red">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
