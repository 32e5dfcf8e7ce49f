import {
  ApiError,
  applyServerFieldErrors,
  notifyError,
  paths,
  safeRedirectPath,
  useRequestMagicLinkMutation,
  ZRequestMagicLinkRequest,
} from '@dash/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

export function SignInPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const requestLink = useRequestMagicLinkMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ZRequestMagicLinkRequest.pick({ email: true }), { sync: true }),
  });

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
          if (!applyServerFieldErrors(form, error)) notifyError(error);
        },
      },
    );
  });

  if (sentTo) {
    return (
      <Stack gap="sm">
        <Alert color="teal" title="Check your e-mail">
          We sent a sign-in link to <strong>{sentTo}</strong>. It works once and expires in 15 minutes.
        </Alert>
        <Text size="sm" c="dimmed">
          Running locally? Open the{' '}
          <Anchor component={Link} to={paths.devMailbox()}>
            local outbox
          </Anchor>
          .
        </Text>
        <Button variant="subtle" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Sign in or create an account with a link sent to your e-mail. No password needed.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestLink.isPending} fullWidth>
          Send magic link
        </Button>
      </Stack>
    </form>
  );
}
