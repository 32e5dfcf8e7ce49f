import { paths, useCurrentOrganization } from '@dash/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { KybStatusCard } from '../components/KybStatusCard';

const AREAS = [
  { title: 'Message Center', text: 'Conversations with your payment providers.', to: paths.org.messages },
  { title: 'Wallet', text: 'The organization multi-signature wallet.', to: paths.org.wallet.root },
  {
    title: 'Rails',
    text: 'Transactions, on-ramp, off-ramp and beneficiaries.',
    to: paths.org.rails.root,
    approved: true,
  },
  { title: 'Settings', text: 'Name, members and invitations.', to: (org: string) => paths.org.settings(org) },
];

export function OrganizationHomePage() {
  const organization = useCurrentOrganization();
  const approved = organization.approvalStatus === 'Approved';
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1} size="h2">
          {organization.name}
        </Title>
        <Badge variant="light">{organization.role}</Badge>
        <Badge variant="outline" color={approved ? 'teal' : 'yellow'}>
          {organization.approvalStatus}
        </Badge>
      </Group>
      <KybStatusCard organization={organization} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {AREAS.filter((area) => approved || !area.approved).map((area) => (
          <Card key={area.title} withBorder padding="lg">
            <Anchor component={Link} to={area.to(organization.slug)} fw={600}>
              {area.title}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {area.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
