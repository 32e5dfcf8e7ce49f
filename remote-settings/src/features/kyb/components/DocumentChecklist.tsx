import {
  DOCUMENT_CONTENT_TYPES,
  notifyError,
  notifySuccess,
  requiredDocuments,
  type TDocument,
  type TKybDraft,
  type TRequiredDocument,
  useUploadDocumentMutation,
} from '@dash/shared';
import { Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

const ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

const keyOf = (need: TRequiredDocument) => `${need.kind}:${need.ownerId ?? ''}`;

/**
 * The documents the application needs (the shared rule the API's submit check uses), with what is
 * uploaded for each and an upload button while the application can still change.
 */
export function DocumentChecklist({
  organizationUid,
  data,
  documents,
  canUpload,
}: {
  organizationUid: string;
  data: TKybDraft;
  documents: TDocument[];
  canUpload: boolean;
}) {
  const upload = useUploadDocumentMutation(organizationUid);
  const [uploading, setUploading] = useState<string | null>(null);
  const required = requiredDocuments(data);

  const send = (need: TRequiredDocument, file: File | null) => {
    if (!file) return;
    setUploading(keyOf(need));
    upload.mutate(
      { file, kind: need.kind, ...(need.ownerId ? { ownerId: need.ownerId } : {}) },
      {
        onSuccess: () => notifySuccess(`${need.label}: ${file.name} uploaded`),
        onError: (error) => notifyError(error),
        onSettled: () => setUploading(null),
      },
    );
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Documents
        </Title>
        <Text size="sm" c="dimmed">
          PDF, PNG or JPEG, up to 10 MB each. Owners with 25% or more need an id document: save the draft
          after adding them.
        </Text>
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Required documents"
        >
          {required.map((need) => {
            const uploaded = documents.filter(
              (document) =>
                document.kind === need.kind &&
                (need.ownerId === undefined || document.ownerId === need.ownerId),
            );
            const latest = uploaded[0];
            return (
              <Group
                key={keyOf(need)}
                component="li"
                justify="space-between"
                wrap="nowrap"
                aria-label={need.label}
              >
                <Group gap="sm" wrap="nowrap">
                  <Badge color={latest ? 'teal' : 'gray'} variant="light">
                    {latest ? 'Uploaded' : 'Missing'}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {need.label}
                  </Text>
                  {latest && (
                    <Anchor href={latest.downloadUrl} size="sm" download>
                      {latest.name}
                    </Anchor>
                  )}
                </Group>
                {canUpload && (
                  <FileButton accept={ACCEPT} onChange={(file) => send(need, file)}>
                    {(props) => (
                      <Button
                        {...props}
                        size="xs"
                        variant="light"
                        loading={uploading === keyOf(need)}
                        aria-label={`Upload ${need.label}`}
                      >
                        {latest ? 'Replace' : 'Upload'}
                      </Button>
                    )}
                  </FileButton>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
