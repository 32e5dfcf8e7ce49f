import { paths, useDocumentTitle, useT } from '@dash/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export function AllowlistPage() {
  const { t } = useT('shell');
  useDocumentTitle(t('auth.allowlist.title'));
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('auth.allowlist.title')}>
        {t('auth.allowlist.body')}
      </Alert>
      <Text size="sm">
        <Anchor component={Link} to={paths.auth.signIn()}>
          {t('auth.allowlist.tryAnother')}
        </Anchor>
      </Text>
    </Stack>
  );
}
