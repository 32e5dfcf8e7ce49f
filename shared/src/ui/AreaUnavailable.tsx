import { Alert, Button, Group, Text } from '@mantine/core';

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
  return (
    <Alert color="red" variant="light" title={`${area} is unavailable right now`} role="alert" m="md">
      <Text size="sm" mb="sm">
        This part of the dashboard could not be loaded. The rest of the dashboard keeps working.
        {error instanceof Error ? ` (${error.message})` : null}
      </Text>
      <Group>
        <Button size="xs" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
