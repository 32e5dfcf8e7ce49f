import { notifyError, notifySuccess, useT } from '@dash/shared';
import {
  DOCUMENT_CONTENT_TYPES,
  requiredDocuments,
  type TDocument,
  type TKybDraft,
  type TRequiredDocument,
} from '@dash/shared/api';
import { Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useUploadDocumentMutation } from '../../documents/api/create-document';

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
  const { t } = useT('settings');
  const upload = useUploadDocumentMutation(organizationUid);
  const ownerNames = new Map((data.beneficialOwners ?? []).map((owner) => [owner.id, owner.name?.trim()]));
  /** The document's name in the active language (the shared rule's label is English). */
  const labelOf = (need: TRequiredDocument): string => {
    if (need.kind === 'owner_id') {
      const name = (need.ownerId && ownerNames.get(need.ownerId)) || t('kyb.docs.owner');
      return t('kyb.docs.ownerId', { name });
    }
    if (
      need.kind === 'tax_certificate' &&
      (data.countryOfIncorporation === 'MX' || data.countryOfIncorporation === 'BR')
    )
      return t(`kyb.docs.taxCertificate${data.countryOfIncorporation}`);
    return t(`documentKinds.${need.kind}`);
  };
  const [uploading, setUploading] = useState<string | null>(null);
  const required = requiredDocuments(data);

  const send = (need: TRequiredDocument, file: File | null) => {
    if (!file) return;
    setUploading(keyOf(need));
    upload.mutate(
      { file, kind: need.kind, ...(need.ownerId ? { ownerId: need.ownerId } : {}) },
      {
        onSuccess: () => notifySuccess(t('kyb.docs.uploaded', { document: labelOf(need), name: file.name })),
        onError: (error) => notifyError(error),
        onSettled: () => setUploading(null),
      },
    );
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('kyb.page.documents')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('kyb.page.pdfPngOrJpegUp')}
        </Text>
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('kyb.page.requiredDocuments')}
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
                aria-label={labelOf(need)}
              >
                {/* On a phone the label wraps beside its badge and the file's name goes under them. */}
                <Group gap="sm" style={{ flex: 1, minWidth: 0, rowGap: 4 }}>
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge color={latest ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                      {latest ? t('kyb.docs.present') : t('kyb.docs.missing')}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {labelOf(need)}
                    </Text>
                  </Group>
                  {latest && (
                    <Anchor href={latest.downloadUrl} size="sm" download style={{ overflowWrap: 'anywhere' }}>
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
                        style={{ flexShrink: 0 }}
                        loading={uploading === keyOf(need)}
                        aria-label={t('kyb.docs.uploadName', { document: labelOf(need) })}
                      >
                        {latest ? t('kyb.docs.replace') : t('kyb.docs.upload')}
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
