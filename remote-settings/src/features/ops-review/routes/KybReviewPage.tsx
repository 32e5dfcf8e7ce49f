import { LoadFailed, PageHeader, PageSkeleton, paths, useFormat, useT } from '@dash/shared';
import type { TKybDraft } from '@dash/shared/api';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { KybStatusBadge } from '../../kyb/components/KybStatusBadge';
import { KybStatusBanner } from '../../kyb/components/KybStatusBanner';
import { KybTimeline } from '../../kyb/components/KybTimeline';
import { useKybReviewQuery } from '../api/get-kyb-review';
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
  const { t } = useT('settings');
  const format = useFormat();
  const address = data.registeredAddress;
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('kyb.review.application')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={t('kyb.review.legalName')} value={data.legalName} />
          <Field label={t('kyb.review.tradeName')} value={data.tradeName} />
          <Field label={t('kyb.review.countryOfIncorporation')} value={data.countryOfIncorporation} />
          <Field label={t('kyb.review.taxId')} value={data.taxId} />
          <Field label={t('kyb.review.incorporationDate')} value={data.incorporationDate} />
          <Field label={t('kyb.review.website')} value={data.website} />
          <Field
            label={t('kyb.review.registeredAddress')}
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
            label={t('kyb.review.expectedMonthlyVolume')}
            value={
              data.expectedMonthlyVolume?.amount && data.expectedMonthlyVolume.currency
                ? format.money(data.expectedMonthlyVolume.amount, data.expectedMonthlyVolume.currency)
                : undefined
            }
          />
        </SimpleGrid>
        <Field label={t('kyb.review.businessActivity')} value={data.businessActivity} />
        <Table aria-label={t('kyb.review.beneficialOwners')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('kyb.review.owner')}</Table.Th>
              <Table.Th>{t('kyb.review.ownership')}</Table.Th>
              <Table.Th>{t('kyb.review.nationality')}</Table.Th>
              <Table.Th>{t('kyb.review.idDocument')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data.beneficialOwners ?? []).map((owner) => (
              <Table.Tr key={owner.id}>
                <Table.Td>{owner.name}</Table.Td>
                <Table.Td>{owner.ownershipPercent}%</Table.Td>
                <Table.Td>{owner.nationality}</Table.Td>
                <Table.Td>
                  {owner.idDocumentType ? t(`kyb.idTypes.${owner.idDocumentType}`) : ''}{' '}
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
  const { t } = useT('settings');
  const { organizationUid = '' } = useParams();
  const review = useKybReviewQuery(organizationUid);
  if (review.isPending) return <PageSkeleton label={t('kyb.review.loadingTheApplication')} />;
  if (review.isError) return <LoadFailed error={review.error} onRetry={() => void review.refetch()} />;
  const { organization, application, documents, timeline } = review.data;
  const owners = new Map((application.data.beneficialOwners ?? []).map((owner) => [owner.id, owner.name]));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.ops.kyb()} size="sm">
        ← {t('kyb.review.queue')}
      </Anchor>
      <PageHeader title={organization.name} badge={<KybStatusBadge status={application.status} />} />
      <KybStatusBanner application={application} />
      <ApplicationData data={application.data} />
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('kyb.review.documents')}
          </Title>
          {documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('kyb.review.noDocuments')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ paddingLeft: 20, margin: 0 }}>
              {documents.map((document) => (
                <li key={document.uid}>
                  <Text size="sm">
                    {t(`documentKinds.${document.kind}`)}
                    {document.ownerId ? ` (${owners.get(document.ownerId) ?? t('kyb.docs.owner')})` : ''}:{' '}
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
