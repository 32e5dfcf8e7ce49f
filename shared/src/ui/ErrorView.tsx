import { Button, Code, Collapse, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../i18n/i18n';
import { useDocumentTitle } from './document-title';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** The generic error view: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useT('common');
  const [shown, setShown] = useState(false);
  return (
    <Stack align="center" gap="md" p="xl" role="alert">
      <Title order={1} size="h2">
        {t('ui.somethingWentWrong')}
      </Title>
      <Button variant="light" onClick={() => setShown((value) => !value)} aria-expanded={shown}>
        {shown ? t('ui.hideError') : t('ui.showError')}
      </Button>
      <Collapse expanded={shown}>
        <Code block maw={640}>
          {describe(error)}
        </Code>
      </Collapse>
    </Stack>
  );
}

export function NotFoundView() {
  const { t } = useT('common');
  useDocumentTitle(t('ui.notFound'));
  return (
    <Stack align="center" gap="xs" p="xl">
      <Title order={1} size="h2">
        {t('ui.notFound')}
      </Title>
      <Text c="dimmed">{t('ui.notFoundText')}</Text>
    </Stack>
  );
}
