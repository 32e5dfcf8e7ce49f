import {
  can,
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  useCurrentOrganization,
  useT,
} from '@dash/shared';
import { DOCUMENT_CONTENT_TYPES, formatFileSize } from '@dash/shared/api';
import { Anchor, Button, FileButton, Stack, Table, Text } from '@mantine/core';
import { useKybLiveUpdates } from '../../kyb/api/get-kyb';
import { useUploadDocumentMutation } from '../api/create-document';
import { useDocumentsQuery } from '../api/get-documents';

/** /org/{org}/documents: every document of the organization (KYB ones and others), with download. */
export function DocumentsPage() {
  const { t, locale } = useT('settings');
  const organization = useCurrentOrganization();
  useKybLiveUpdates(organization.uid);
  const documents = useDocumentsQuery(organization.uid);
  const upload = useUploadDocumentMutation(organization.uid);

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { file, kind: 'other' },
      {
        onSuccess: () => notifySuccess(t('documents.uploaded', { name: file.name })),
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('documents.title')}
        actions={
          can(organization.role, 'documents.upload') && (
            <FileButton accept={DOCUMENT_CONTENT_TYPES.join(',')} onChange={send}>
              {(props) => (
                <Button {...props} loading={upload.isPending}>
                  {t('documents.upload')}
                </Button>
              )}
            </FileButton>
          )
        }
      />
      {documents.isPending ? (
        <PageSkeleton label={t('documents.loading')} />
      ) : documents.isError ? (
        <LoadFailed error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <Text c="dimmed">{t('documents.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('documents.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.type')}</Table.Th>
                <Table.Th>{t('documents.name')}</Table.Th>
                <Table.Th>{t('documents.size')}</Table.Th>
                <Table.Th>{t('documents.uploadedBy')}</Table.Th>
                <Table.Th>{t('documents.date')}</Table.Th>
                <Table.Th>{t('documents.download')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.data.map((document) => (
                <Table.Tr key={document.uid}>
                  <Table.Td>{t(`documentKinds.${document.kind}`)}</Table.Td>
                  <Table.Td>{document.name}</Table.Td>
                  <Table.Td>{formatFileSize(document.byteSize, locale)}</Table.Td>
                  <Table.Td>{document.uploadedBy.email ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(document.createdAt)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      href={document.downloadUrl}
                      download
                      aria-label={t('documents.downloadName', { name: document.name })}
                    >
                      {t('documents.download')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
