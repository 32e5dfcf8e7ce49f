import {
  DOCUMENT_KIND_LABELS,
  ID_DOCUMENT_TYPE_LABELS,
  LoadFailed,
  PageSkeleton,
  paths,
  type TKybDraft,
  useKybReviewQuery,
} from '@dash/shared';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { KybStatusBanner } from '../../kyb/components/KybStatusBanner';
import { KybTimeline } from '../../kyb/components/KybTimeline';
import { KybDecisionPanel } from '../components/KybDecisionPanel';

function Field({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function ApplicationData({ data }: { data: TKybDraft }) {
  const address = data.registeredAddress;
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Application
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Legal name" value={data.legalName} />
          <Field label="Trade name" value={data.tradeName} />
          <Field label="Country of incorporation" value={data.countryOfIncorporation} />
          <Field label="Tax id" value={data.taxId} />
          <Field label="Incorporation date" value={data.incorporationDate} />
          <Field label="Website" value={data.website} />
          <Field
            label="Registered address"
            value={[
              address?.line1,
              address?.line2,
              address?.city,
              address?.state,
              address?.postalCode,
              address?.country,
            ]
              .filter(Boolean)
              .join(', ')}
          />
          <Field
            label="Expected monthly volume"
            value={
              data.expectedMonthlyVolume
                ? `${data.expectedMonthlyVolume.amount ?? ''} ${data.expectedMonthlyVolume.currency ?? ''}`.trim()
                : undefined
            }
          />
        </SimpleGrid>
        <Field label="Business activity" value={data.businessActivity} />
        <Table aria-label="Beneficial owners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Ownership</Table.Th>
              <Table.Th>Nationality</Table.Th>
              <Table.Th>Id document</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data.beneficialOwners ?? []).map((owner) => (
              <Table.Tr key={owner.id}>
                <Table.Td>{owner.name}</Table.Td>
                <Table.Td>{owner.ownershipPercent}%</Table.Td>
                <Table.Td>{owner.nationality}</Table.Td>
                <Table.Td>
                  {owner.idDocumentType ? ID_DOCUMENT_TYPE_LABELS[owner.idDocumentType] : ''}{' '}
                  {owner.idDocumentNumber}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** /ops/kyb/{organizationUid}: the data, documents and history of one application, and the decision. */
export function KybReviewPage() {
  const { organizationUid = '' } = useParams();
  const review = useKybReviewQuery(organizationUid);
  if (review.isPending) return <PageSkeleton label="Loading the application" />;
  if (review.isError) return <LoadFailed error={review.error} onRetry={() => void review.refetch()} />;
  const { organization, application, documents, timeline } = review.data;
  const owners = new Map((application.data.beneficialOwners ?? []).map((owner) => [owner.id, owner.name]));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.ops.kyb()} size="sm">
        ← Review queue
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h2">
          {organization.name}
        </Title>
        <Badge variant="outline" aria-label={`Status: ${application.status}`}>
          {application.status}
        </Badge>
      </Group>
      <KybStatusBanner application={application} />
      <ApplicationData data={application.data} />
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Documents
          </Title>
          {documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No documents.
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ paddingLeft: 20, margin: 0 }}>
              {documents.map((document) => (
                <li key={document.uid}>
                  <Text size="sm">
                    {DOCUMENT_KIND_LABELS[document.kind]}
                    {document.ownerId ? ` (${owners.get(document.ownerId) ?? 'owner'})` : ''}:{' '}
                    <Anchor href={document.downloadUrl} download>
                      {document.name}
                    </Anchor>
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      {application.status === 'Submitted' && <KybDecisionPanel organizationUid={organization.uid} />}
      <KybTimeline entries={timeline} />
    </Stack>
  );
}
