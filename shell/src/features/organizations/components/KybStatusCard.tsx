import {
  paths,
  type TKybApplication,
  type TOrganization,
  useKybLiveUpdates,
  useKybQuery,
  useT,
} from '@dash/shared';
import { Anchor, Card, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Where the organization stands on its way to Approved, and the next step (spec: no silent redirect). */
function nextStep(application: TKybApplication, org: string): { key: string; note?: string; to: string } {
  switch (application.status) {
    case 'NotStarted':
    case 'Draft':
      return { key: 'start', to: paths.org.kyb(org) };
    case 'Submitted':
      return { key: 'submitted', to: paths.org.kyb(org) };
    case 'ChangesRequested':
      return { key: 'changesRequested', note: application.decisionNote ?? '', to: paths.org.kyb(org) };
    case 'Rejected':
      return { key: 'rejected', note: application.decisionNote ?? '', to: paths.org.kyb(org) };
    case 'Approved':
      return { key: 'approved', to: paths.org.explore.root(org) };
  }
}

export function KybStatusCard({ organization }: { organization: TOrganization }) {
  const { t } = useT('shell');
  useKybLiveUpdates(organization.uid);
  const kyb = useKybQuery(organization.uid);
  if (kyb.isPending) return <Skeleton height={96} radius="md" />;
  if (kyb.isError) return null;
  const step = nextStep(kyb.data, organization.slug);
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('kybCard.label')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('kybCard.nextStep')}
      </Text>
      <Title order={2} size="h4" mt={4}>
        {t(`kybCard.${step.key}.title`)}
      </Title>
      <Text size="sm" mt={4}>
        {step.note ?? t(`kybCard.${step.key}.text`)}
      </Text>
      <Anchor component={Link} to={step.to} mt="sm" size="sm" fw={600}>
        {t(`kybCard.${step.key}.link`)}
      </Anchor>
    </Card>
  );
}
