import {
  applyServerFieldErrors,
  EMAIL_CHANGE_TTL_MINUTES,
  notifyError,
  useRequestEmailChangeMutation,
  ZRequestEmailChangeRequest,
} from '@dash/shared';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';

/** Asks for a new address; nothing changes until the link mailed there is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const request = useRequestEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(ZRequestEmailChangeRequest, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const body = ZRequestEmailChangeRequest.parse(values);
    request.mutate(body, {
      onSuccess: () => {
        setSentTo(body.email);
        form.reset();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change e-mail address">
      <Stack gap="md" maw={480}>
        <Text size="sm">
          You sign in as <strong>{currentEmail}</strong>.
        </Text>
        <TextInput
          label="New e-mail address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" variant="light" loading={request.isPending}>
            Send confirmation link
          </Button>
        </Group>
        {sentTo ? (
          <Alert color="teal" variant="light" title="Check your inbox" role="status">
            We sent a confirmation link to {sentTo}. It works once, for {EMAIL_CHANGE_TTL_MINUTES} minutes.
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
