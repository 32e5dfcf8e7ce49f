import { paths } from '@dash/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function AllowlistPage() {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="This address is not on the allowlist">
        Sign-in is limited to invited addresses and domains. Ask your organization's Admin for access.
      </Alert>
      <Text size="sm">
        <Anchor component={Link} to={paths.auth.signIn()}>
          Try another address
        </Anchor>
      </Text>
    </Stack>
  );
}
