import { meQueryOptions, paths, useEmailChangeQuery } from '@dash/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

function EmailChangeResult({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const result = useEmailChangeQuery(token);
  const confirmed = result.data?.confirmed === true;

  useEffect(() => {
    // A signed-in session shows the new address from now on.
    if (confirmed) void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, exact: true });
  }, [confirmed, queryClient]);

  if (result.isPending) {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" />
        <Text>Confirming your new e-mail address…</Text>
      </Group>
    );
  }
  if (result.isError) {
    return (
      <Alert
        color="red"
        title={
          <Text component="h1" inherit>
            {result.error.message}
          </Text>
        }
        role="alert"
      >
        <Button size="xs" variant="light" color="red" onClick={() => result.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (result.data.confirmed) {
    return (
      <Alert
        color="teal"
        title={
          <Text component="h1" inherit>
            E-mail address confirmed
          </Text>
        }
        role="status"
      >
        From now on you sign in with {result.data.email}.
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      title={
        <Text component="h1" inherit>
          E-mail address not confirmed
        </Text>
      }
      role="alert"
    >
      <Text size="sm">{result.data.reason}</Text>
      <Text size="sm">Ask for a new link from your profile.</Text>
    </Alert>
  );
}

/** /change-email?token=...: confirms an e-mail change (the token is required); works signed out too. */
export default function ChangeEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={460}>
        <Stack gap="sm">
          {token ? (
            <EmailChangeResult token={token} />
          ) : (
            <Alert
              color="red"
              title={
                <Text component="h1" inherit>
                  This link is incomplete
                </Text>
              }
              role="alert"
            >
              The confirmation token is missing. Open the link from the e-mail again.
            </Alert>
          )}
          <Anchor component={Link} to={paths.home()}>
            Back to the dashboard
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
