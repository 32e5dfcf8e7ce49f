import {
  can,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_KIND_LABELS,
  formatDate,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  useCurrentOrganization,
  useDocumentsQuery,
  useKybLiveUpdates,
  useUploadDocumentMutation,
} from '@dash/shared';
import { Anchor, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** /org/{org}/documents: every document of the organization (KYB ones and others), with download. */
export function DocumentsPage() {
  const organization = useCurrentOrganization();
  useKybLiveUpdates(organization.uid);
  const documents = useDocumentsQuery(organization.uid);
  const upload = useUploadDocumentMutation(organization.uid);

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { file, kind: 'other' },
      { onSuccess: () => notifySuccess(`${file.name} uploaded`), onError: (error) => notifyError(error) },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Documents
        </Title>
        {can(organization.role, 'documents.upload') && (
          <FileButton accept={DOCUMENT_CONTENT_TYPES.join(',')} onChange={send}>
            {(props) => (
              <Button {...props} loading={upload.isPending}>
                Upload document
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {documents.isPending ? (
        <PageSkeleton label="Loading documents" />
      ) : documents.isError ? (
        <LoadFailed error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <Text c="dimmed">
          No documents yet. KYB documents and files you upload here are listed on this page.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Uploaded by</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.data.map((document) => (
                <Table.Tr key={document.uid}>
                  <Table.Td>{DOCUMENT_KIND_LABELS[document.kind]}</Table.Td>
                  <Table.Td>{document.name}</Table.Td>
                  <Table.Td>{formatSize(document.byteSize)}</Table.Td>
                  <Table.Td>{document.uploadedBy.email ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(document.createdAt)}</Table.Td>
                  <Table.Td>
                    <Anchor href={document.downloadUrl} download aria-label={`Download ${document.name}`}>
                      Download
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
