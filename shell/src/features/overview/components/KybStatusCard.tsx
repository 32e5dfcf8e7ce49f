import { paths, useCurrentOrganization, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

type Step = 'start' | 'submitted' | 'changesRequested' | 'rejected' | 'approved';

const STEP_BY_STATUS: Record<TOverview['kyb']['status'], Step> = {
  NotStarted: 'start',
  Draft: 'start',
  Submitted: 'submitted',
  ChangesRequested: 'changesRequested',
  Rejected: 'rejected',
  Approved: 'approved',
};

/** Where the organization stands on its way to Approved, and the next step (spec: no silent redirect). */
export function KybStatusCard({ kyb }: { kyb: TOverview['kyb'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const step = STEP_BY_STATUS[kyb.status];
  // Changes requested and rejections carry the operator's own words.
  const text =
    step === 'changesRequested' || step === 'rejected' ? (kyb.decisionNote ?? '') : t(`kyb.${step}.text`);
  const to =
    step === 'approved' ? paths.org.explore.root(organization.slug) : paths.org.kyb(organization.slug);
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('kyb.region')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('kyb.eyebrow')}
      </Text>
      <Title order={2} size="h4" mt={4}>
        {t(`kyb.${step}.title`)}
      </Title>
      {text ? (
        <Text size="sm" mt={4}>
          {text}
        </Text>
      ) : null}
      <Anchor component={Link} to={to} mt="sm" size="sm" fw={600}>
        {t(`kyb.${step}.link`)}
      </Anchor>
    </Card>
  );
}
