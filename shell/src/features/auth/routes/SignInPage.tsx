import {
  ApiError,
  localOutboxOn,
  notifyError,
  paths,
  readBootData,
  safeRedirectPath,
  schemaResolverInLanguage,
  useDocumentTitle,
  useFocusFirstInvalid,
  useT,
  ZRequestMagicLinkRequest,
} from '@dash/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRequestMagicLinkMutation } from '../api/request-magic-link';

export function SignInPage() {
  const { t } = useT('shell');
  useDocumentTitle(t('titles.signIn'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const requestLink = useRequestMagicLinkMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolverInLanguage(ZRequestMagicLinkRequest.pick({ email: true })),
  });
  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit(({ email }) => {
    requestLink.mutate(
      { email, ...(redirect ? { redirect } : {}) },
      {
        onSuccess: () => setSentTo(email.trim().toLowerCase()),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403 && error.code === 'NOT_ALLOWLISTED') {
            navigate(paths.auth.allowlist());
            return;
          }
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      },
    );
  }, invalid.onValidationErrors);

  if (sentTo) {
    return (
      <Stack gap="sm">
        <Alert color="teal" title={t('auth.signIn.sentTitle')}>
          {t('auth.signIn.sentBefore')}
          <strong>{sentTo}</strong>
          {t('auth.signIn.sentAfter', { minutes: 15 })}
        </Alert>
        {localOutboxOn(readBootData()) ? (
          <Text size="sm" c="dimmed">
            {t('auth.signIn.localBefore')}
            <Anchor component={Link} to={paths.devMailbox()}>
              {t('auth.signIn.localOutbox')}
            </Anchor>
            {t('auth.signIn.localAfter')}
          </Text>
        ) : null}
        <Button variant="subtle" onClick={() => setSentTo(null)}>
          {t('auth.signIn.useAnother')}
        </Button>
      </Stack>
    );
  }

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('auth.signIn.intro')}</Text>
        <TextInput
          label={t('auth.signIn.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.signIn.emailPlaceholder')}
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestLink.isPending} fullWidth>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
