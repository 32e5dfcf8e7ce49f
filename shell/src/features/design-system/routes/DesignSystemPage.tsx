import {
  AreaUnavailable,
  ErrorView,
  english,
  NotFoundView,
  notifyError,
  notifySuccess,
  PageSkeleton,
  theme,
  useFormat,
  useT,
} from '@dash/shared';
import {
  Badge,
  Button,
  Card,
  ColorSwatch,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { ThemeControl } from '../../layout/components/ThemeControl';

const SPACING = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The tokens and primitives every app builds with, in one place. */
export function DesignSystemPage() {
  const { t } = useT('shell');
  const { t: common } = useT('common');
  const format = useFormat();
  const mantine = useMantineTheme();
  return (
    <Container component="main" size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('designSystem.title')}</Title>
          <div style={{ width: 260 }}>
            <ThemeControl />
          </div>
        </Group>
        <Section title={t('designSystem.colors')}>
          <Group>
            {[theme.primaryColor ?? 'teal', 'gray', 'red', 'yellow', 'blue'].map((color) => (
              <Stack key={color} gap={4} align="center">
                <Group gap={2}>
                  {(mantine.colors[color] ?? []).map((shade) => (
                    <ColorSwatch key={shade} color={shade} size={20} radius={2} />
                  ))}
                </Group>
                <Text size="xs">{color}</Text>
              </Stack>
            ))}
          </Group>
        </Section>
        <Section title={t('designSystem.spacing')}>
          <Group align="flex-end">
            {SPACING.map((size) => (
              <Stack key={size} gap={4} align="center">
                <div
                  style={{
                    width: mantine.spacing[size],
                    height: mantine.spacing[size],
                    background: 'var(--mantine-primary-color-filled)',
                    borderRadius: mantine.radius[size],
                  }}
                />
                <Text size="xs">
                  {size} · {mantine.spacing[size]}
                </Text>
              </Stack>
            ))}
          </Group>
        </Section>
        <Section title={t('designSystem.typography')}>
          <Stack gap={4}>
            <Title order={1}>{t('designSystem.heading', { level: 1 })}</Title>
            <Title order={2}>{t('designSystem.heading', { level: 2 })}</Title>
            <Title order={3}>{t('designSystem.heading', { level: 3 })}</Title>
            <Text>
              {t('designSystem.body')} · {mantine.fontFamily}
            </Text>
            <Text ff="monospace">0x52908400098527886E0F7030069857D2E4169EE7</Text>
          </Stack>
        </Section>
        <Section title={t('designSystem.formats')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" aria-label={t('designSystem.formats')}>
            <Text size="sm">{t('designSystem.moneyBRL')}</Text>
            <Text size="sm">{format.money('1234.56', 'BRL')}</Text>
            <Text size="sm">{t('designSystem.moneyMXN')}</Text>
            <Text size="sm">{format.money('1234.56', 'MXN')}</Text>
            <Text size="sm">{t('designSystem.token')}</Text>
            <Text size="sm">{format.money('10.5', 'USDC')}</Text>
            <Text size="sm">{t('designSystem.number')}</Text>
            <Text size="sm">{format.number('1234567.891')}</Text>
            <Text size="sm">{t('designSystem.dateTime')}</Text>
            <Text size="sm">{format.dateTime('2026-03-01T14:30:00Z')}</Text>
          </SimpleGrid>
        </Section>
        <Section title={t('designSystem.buttons')}>
          <Group>
            <Button>{t('designSystem.primary')}</Button>
            <Button variant="light">{t('designSystem.light')}</Button>
            <Button variant="default">{t('designSystem.default')}</Button>
            <Button color="red">{t('designSystem.danger')}</Button>
            <Button loading>{t('designSystem.loading')}</Button>
            <Badge>{common('roles.Admin')}</Badge>
            <Badge color="gray">{common('roles.Viewer')}</Badge>
          </Group>
        </Section>
        <Section title={t('designSystem.inputs')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('createOrganization.name')}
              placeholder={t('designSystem.organizationPlaceholder')}
            />
            <TextInput
              label={t('createOrganization.slug')}
              error={t('designSystem.slugError')}
              defaultValue="x"
            />
            <NativeSelect
              label={t('designSystem.role')}
              data={(['Admin', 'Editor', 'Viewer'] as const).map((role) => ({
                value: role,
                label: common(`roles.${role}`),
              }))}
              defaultValue="Editor"
            />
          </SimpleGrid>
        </Section>
        <Section title={t('designSystem.toasts')}>
          <Group>
            <Button variant="light" onClick={() => notifySuccess(t('designSystem.successMessage'))}>
              {t('designSystem.successToast')}
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => notifyError(new Error(english('catalogue.updateOrganization')))}
            >
              {t('designSystem.errorToast')}
            </Button>
          </Group>
        </Section>
        <Section title={t('designSystem.states')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <PageSkeleton rows={3} />
            <AreaUnavailable
              area={t('nav.wallet')}
              onRetry={() => notifySuccess(t('designSystem.retrying'))}
            />
            <ErrorView error={new Error(t('designSystem.exampleFailure'))} />
            <NotFoundView />
          </SimpleGrid>
        </Section>
      </Stack>
    </Container>
  );
}
