import {
  paths,
  type TKybApplication,
  type TOrganization,
  useKybLiveUpdates,
  useKybQuery,
} from '@dash/shared';
import { Anchor, Card, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Where the organization stands on its way to Approved, and the next step (spec: no silent redirect). */
function nextStep(
  application: TKybApplication,
  org: string,
): { title: string; text: string; to: string; link: string } {
  switch (application.status) {
    case 'NotStarted':
    case 'Draft':
      return {
        title: 'Complete KYB',
        text: 'Verify your business to open rails, deposit, explore and open-stable.',
        to: paths.org.kyb(org),
        link: 'Complete the KYB application',
      };
    case 'Submitted':
      return {
        title: 'Waiting for review',
        text: 'Your KYB application was submitted. We will e-mail your Admins once it is reviewed.',
        to: paths.org.kyb(org),
        link: 'View the application',
      };
    case 'ChangesRequested':
      return {
        title: 'Fix what was asked',
        text: application.decisionNote ?? '',
        to: paths.org.kyb(org),
        link: 'Update the application',
      };
    case 'Rejected':
      return {
        title: 'Rejected',
        text: application.decisionNote ?? '',
        to: paths.org.kyb(org),
        link: 'View the application',
      };
    case 'Approved':
      return {
        title: 'Approved',
        text: 'Your organization is approved: explore providers to start moving money.',
        to: paths.org.explore.root(org),
        link: 'Explore providers',
      };
  }
}

export function KybStatusCard({ organization }: { organization: TOrganization }) {
  useKybLiveUpdates(organization.uid);
  const kyb = useKybQuery(organization.uid);
  if (kyb.isPending) return <Skeleton height={96} radius="md" />;
  if (kyb.isError) return null;
  const step = nextStep(kyb.data, organization.slug);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Verification status">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Next step
      </Text>
      <Title order={2} size="h4" mt={4}>
        {step.title}
      </Title>
      <Text size="sm" mt={4}>
        {step.text}
      </Text>
      <Anchor component={Link} to={step.to} mt="sm" size="sm" fw={600}>
        {step.link}
      </Anchor>
    </Card>
  );
}
