import { Alert, Button, Group, Text } from '@mantine/core';
import { useT } from '../i18n/i18n';

/** A dashboard area that could not load: contained, with a Retry, while the rest keeps working. */
export function AreaUnavailable({
  area,
  onRetry,
  error,
}: {
  area: string;
  onRetry: () => void;
  error?: unknown;
}) {
  const { t } = useT('common');
  return (
    <Alert color="red" variant="light" title={t('ui.areaUnavailable', { area })} role="alert" m="md">
      <Text size="sm" mb="sm">
        {t('ui.areaUnavailableText')}
        {error instanceof Error ? ` (${error.message})` : null}
      </Text>
      <Group>
        <Button size="xs" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
