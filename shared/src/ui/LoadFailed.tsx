import { Alert, Button } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { wordError } from '../i18n/messages';

/** Data that could not load: the catalogue message, with a Retry that refetches it (any area). */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT('common');
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={error instanceof Error ? wordError(error) : t('ui.failedToLoad')}
    >
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('ui.retry')}
      </Button>
    </Alert>
  );
}
