import { paths, useCurrentOrganization, useT } from '@dash/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { KybStatusCard } from '../components/KybStatusCard';

const AREAS = [
  { key: 'messages', to: paths.org.messages },
  { key: 'wallet', to: paths.org.wallet.root },
  { key: 'rails', to: paths.org.rails.root, approved: true },
  { key: 'settings', to: (org: string) => paths.org.settings(org) },
];

export function OrganizationHomePage() {
  const { t } = useT('shell');
  const { t: common } = useT('common');
  const organization = useCurrentOrganization();
  const approved = organization.approvalStatus === 'Approved';
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1} size="h2">
          {organization.name}
        </Title>
        <Badge variant="light">{common(`roles.${organization.role}`)}</Badge>
        <Badge variant="outline" color={approved ? 'teal' : 'yellow'}>
          {common(`approvalStatus.${organization.approvalStatus}`)}
        </Badge>
      </Group>
      <KybStatusCard organization={organization} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {AREAS.filter((area) => approved || !area.approved).map((area) => (
          <Card key={area.key} withBorder padding="lg">
            <Anchor component={Link} to={area.to(organization.slug)} fw={600}>
              {t(`nav.${area.key}`)}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`home.${area.key}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
