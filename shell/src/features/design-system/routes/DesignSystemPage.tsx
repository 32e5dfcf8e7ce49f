import {
  AreaUnavailable,
  ErrorView,
  NotFoundView,
  notifyError,
  notifySuccess,
  PageSkeleton,
  theme,
} from '@dash/shared';
import {
  Badge,
  Button,
  Card,
  ColorSwatch,
  Container,
  Group,
  Select,
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
  const mantine = useMantineTheme();
  return (
    <Container component="main" size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Design system</Title>
          <div style={{ width: 260 }}>
            <ThemeControl />
          </div>
        </Group>
        <Section title="Colors">
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
        <Section title="Spacing and radius">
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
        <Section title="Typography">
          <Stack gap={4}>
            <Title order={1}>Heading 1</Title>
            <Title order={2}>Heading 2</Title>
            <Title order={3}>Heading 3</Title>
            <Text>Body text · {mantine.fontFamily}</Text>
            <Text ff="monospace">0x52908400098527886E0F7030069857D2E4169EE7</Text>
          </Stack>
        </Section>
        <Section title="Buttons and badges">
          <Group>
            <Button>Primary</Button>
            <Button variant="light">Light</Button>
            <Button variant="default">Default</Button>
            <Button color="red">Danger</Button>
            <Button loading>Loading</Button>
            <Badge>Admin</Badge>
            <Badge color="gray">Viewer</Badge>
          </Group>
        </Section>
        <Section title="Inputs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Organization name" placeholder="Acme Treasury" />
            <TextInput
              label="Slug"
              error="Organization slug must be less than 48 characters"
              defaultValue="x"
            />
            <Select label="Role" data={['Admin', 'Editor', 'Viewer']} defaultValue="Editor" />
          </SimpleGrid>
        </Section>
        <Section title="Toasts">
          <Group>
            <Button variant="light" onClick={() => notifySuccess('Organization updated')}>
              Success toast
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => notifyError(new Error('Failed to update organization. Please try again later.'))}
            >
              Error toast
            </Button>
          </Group>
        </Section>
        <Section title="States">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <PageSkeleton rows={3} />
            <AreaUnavailable area="Wallet" onRetry={() => notifySuccess('Retrying…')} />
            <ErrorView error={new Error('Example failure')} />
            <NotFoundView />
          </SimpleGrid>
        </Section>
      </Stack>
    </Container>
  );
}
