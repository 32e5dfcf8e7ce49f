import { meQueryOptions, paths, useT, wordError, wordMessage } from '@dash/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEmailChangeQuery } from '../features/profile/api/confirm-email-change';
import '../i18n';

/**
 * The page's one result, its title the page's heading: an alert for a failure (read out at once),
 * a status otherwise.
 */
function ResultAlert({
  color,
  heading,
  children,
}: {
  color: 'red' | 'teal' | 'gray';
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      title={
        <Text component="h1" inherit>
          {heading}
        </Text>
      }
      role={color === 'red' ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}

/**
 * The link was used or expired (410). Opening a link again after it worked (a reload, the mail
 * once more) answers the same, and that is no failure: the page says what it knows, the address
 * the user signs in with now, fetched afresh, and leaves judging to them.
 */
function EmailChangeLinkSpent() {
  const { t } = useT('settings');
  const me = useQuery({ ...meQueryOptions(), staleTime: 0 });
  return (
    <ResultAlert color="gray" heading={t('changeEmail.spentTitle')}>
      <Stack gap={4}>
        <Text size="sm">{t('changeEmail.spent')}</Text>
        {me.isPending || me.isFetching ? null : me.data ? (
          <Text size="sm">{t('changeEmail.spentSignedIn', { email: me.data.email })}</Text>
        ) : (
          <Text size="sm">{t('changeEmail.spentSignedOut')}</Text>
        )}
      </Stack>
    </ResultAlert>
  );
}

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
      <ResultAlert color="red" heading={wordError(result.error)}>
        <Button size="xs" variant="light" color="red" onClick={() => result.refetch()}>
          {common('ui.retry')}
        </Button>
      </ResultAlert>
    );
  }
  if (result.data.confirmed) {
    return (
      <ResultAlert color="teal" heading={t('changeEmail.confirmed')}>
        {t('changeEmail.signInWith', { email: result.data.email })}
      </ResultAlert>
    );
  }
  if (result.data.reasonCode?.code === 'messages.emailChangeLinkGone') return <EmailChangeLinkSpent />;
  return (
    <ResultAlert color="red" heading={t('changeEmail.notConfirmed')}>
      <Text size="sm">
        {result.data.reasonCode ? wordMessage(result.data.reasonCode) : result.data.reason}
      </Text>
      <Text size="sm">{t('changeEmail.askNew')}</Text>
    </ResultAlert>
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
            <ResultAlert color="red" heading={t('changeEmail.incomplete')}>
              {t('changeEmail.tokenMissing')}
            </ResultAlert>
          )}
          <Anchor component={Link} to={paths.home()}>
            {t('changeEmail.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
