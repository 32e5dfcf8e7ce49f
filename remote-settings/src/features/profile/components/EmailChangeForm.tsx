import { notifyError, schemaResolverInLanguage, useFocusFirstInvalid, useT } from '@dash/shared';
import { EMAIL_CHANGE_TTL_MINUTES, ZRequestEmailChangeRequest } from '@dash/shared/api';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useRequestEmailChangeMutation } from '../api/request-email-change';

/** Asks for a new address; nothing changes until the link mailed there is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useT('settings');
  const request = useRequestEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolverInLanguage(ZRequestEmailChangeRequest),
  });

  const submit = form.onSubmit((values) => {
    const body = ZRequestEmailChangeRequest.parse(values);
    request.mutate(body, {
      onSuccess: () => {
        setSentTo(body.email);
        form.reset();
      },
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('emailChange.formLabel')}>
      <Stack gap="md" maw={480}>
        <Text size="sm">
          {t('emailChange.signInAsBefore')}
          <strong>{currentEmail}</strong>
          {t('emailChange.signInAsAfter')}
        </Text>
        <TextInput
          label={t('emailChange.newEmail')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" variant="light" loading={request.isPending}>
            {t('emailChange.send')}
          </Button>
        </Group>
        {sentTo ? (
          <Alert color="teal" variant="light" title={t('emailChange.sentTitle')} role="status">
            {t('emailChange.sent', { email: sentTo, minutes: EMAIL_CHANGE_TTL_MINUTES })}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
