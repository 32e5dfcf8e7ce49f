import {
  ApiError,
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  notifyError,
  notifySuccess,
  sniffAvatarType,
  type TOrganization,
  translateMessage,
  useT,
} from '@dash/shared';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useUploadOrganizationAvatarMutation } from '../api/upload-organization-avatar';

/** The same checks as the server, before uploading: size first, then the type from the first bytes. */
async function avatarProblem(file: File): Promise<string | null> {
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffAvatarType(head) ? null : AVATAR_TYPE_MESSAGE;
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
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const choose = async (file: File | null) => {
    if (!file) return;
    const found = await avatarProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('avatar.updated')),
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? error.fields?.avatar : undefined;
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
          {translateMessage(problem)}
        </Text>
      ) : null}
    </Stack>
  );
}
