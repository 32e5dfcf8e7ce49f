import { meQueryOptions, paths, translateMessage, useT } from '@dash/shared';
import { useEmailChangeQuery } from '@dash/shared/api';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import '../i18n';

function EmailChangeResult({ token }: { token: string }) {
  const { t } = useT('settings');
  const { t: common } = useT('common');
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
        <Text>{t('changeEmail.confirming')}</Text>
      </Group>
    );
  }
  if (result.isError) {
    return (
      <Alert
        color="red"
        title={
          <Text component="h1" inherit>
            {translateMessage(result.error.message)}
          </Text>
        }
        role="alert"
      >
        <Button size="xs" variant="light" color="red" onClick={() => result.refetch()}>
          {common('ui.retry')}
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
            {t('changeEmail.confirmed')}
          </Text>
        }
        role="status"
      >
        {t('changeEmail.signInWith', { email: result.data.email })}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      title={
        <Text component="h1" inherit>
          {t('changeEmail.notConfirmed')}
        </Text>
      }
      role="alert"
    >
      <Text size="sm">{translateMessage(result.data.reason)}</Text>
      <Text size="sm">{t('changeEmail.askNew')}</Text>
    </Alert>
  );
}

/** /change-email?token=...: confirms an e-mail change (the token is required); works signed out too. */
export default function ChangeEmailPage() {
  const { t } = useT('settings');
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
                  {t('changeEmail.incomplete')}
                </Text>
              }
              role="alert"
            >
              {t('changeEmail.tokenMissing')}
            </Alert>
          )}
          <Anchor component={Link} to={paths.home()}>
            {t('changeEmail.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
