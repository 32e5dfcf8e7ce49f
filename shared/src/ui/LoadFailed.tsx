import { Alert, Button } from '@mantine/core';

/** Data that could not load: the catalogue message, with a Retry that refetches it (any area). */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={error instanceof Error ? error.message : 'Failed to load'}
    >
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
