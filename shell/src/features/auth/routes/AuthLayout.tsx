import { useT } from '@dash/shared';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';

export function AuthLayout() {
  const { t } = useT('shell');
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Dash
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth.tagline')}
            </Text>
          </Stack>
          <Outlet />
        </Stack>
      </Paper>
    </Center>
  );
}
