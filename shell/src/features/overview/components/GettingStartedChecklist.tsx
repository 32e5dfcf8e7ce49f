import { paths, useCurrentOrganization, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** An empty organization's way to its first movement of money: each step links to its page, ticked once done. */
export function GettingStartedChecklist({ checklist }: { checklist: TOverview['checklist'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const org = organization.slug;
  const steps = [
    { key: 'kyb', done: checklist.kybApproved, to: paths.org.kyb(org) },
    { key: 'provider', done: checklist.providerAccountActive, to: paths.org.openStable.root(org) },
    { key: 'wallet', done: checklist.walletRegistered, to: paths.org.rails.blockchainWallets(org) },
    { key: 'deposit', done: checklist.firstDeposit, to: paths.org.deposit(org) },
    { key: 'teammate', done: checklist.teammateInvited, to: paths.org.settings(org, 'members') },
  ];
  const done = steps.filter((step) => step.done).length;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-checklist">
      <Title order={2} size="h4" id="overview-checklist">
        {t('checklist.title')}
      </Title>
      <Text size="sm" mt={4}>
        {t('checklist.intro')}
      </Text>
      <Group gap="sm" mt="sm" wrap="nowrap">
        <Progress
          value={(done / steps.length) * 100}
          flex={1}
          aria-label={t('checklist.progress', { done, total: steps.length })}
        />
        <Text size="sm">{t('checklist.progress', { done, total: steps.length })}</Text>
      </Group>
      <Stack
        component="ol"
        aria-label={t('checklist.title')}
        gap="xs"
        mt="md"
        p={0}
        style={{ listStyle: 'none' }}
      >
        {steps.map((step) => (
          <Group
            component="li"
            key={step.key}
            justify="space-between"
            wrap="nowrap"
            aria-label={t(`checklist.${step.key}`)}
          >
            <Anchor
              component={Link}
              to={step.to}
              size="sm"
              fw={600}
              td={step.done ? 'line-through' : undefined}
            >
              <span aria-hidden="true">{step.done ? '✓ ' : '○ '}</span>
              {t(`checklist.${step.key}`)}
            </Anchor>
            <Badge variant={step.done ? 'light' : 'outline'} color={step.done ? 'teal' : 'gray'}>
              {step.done ? t('checklist.done') : t('checklist.todo')}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
