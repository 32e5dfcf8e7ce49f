import { notifyError, schemaResolverInLanguage, useFocusFirstInvalid, useT } from '@dash/shared';
import {
  type TCreateWebhookEndpointRequest,
  type TWebhookEndpointWithSecretResponse,
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookEndpointRequest,
} from '@dash/shared/api';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useCreateWebhookEndpointMutation } from '../api/create-webhook-endpoint';
import { eventTypeKey } from './event-type-key';

/** Add an endpoint: its URL and the events it wants. The answer's secret goes to `onCreated`. */
export function CreateEndpointForm({
  organizationUid,
  onCreated,
}: {
  organizationUid: string;
  onCreated: (created: TWebhookEndpointWithSecretResponse['data']) => void;
}) {
  const { t } = useT('webhooks');
  const create = useCreateWebhookEndpointMutation(organizationUid);
  const form = useForm<TCreateWebhookEndpointRequest>({
    mode: 'controlled',
    initialValues: { url: '', eventTypes: [] },
    validate: schemaResolverInLanguage(ZCreateWebhookEndpointRequest),
  });
  const invalid = useFocusFirstInvalid();
  const errorId = useId();

  const submit = form.onSubmit((values) => {
    create.mutate(ZCreateWebhookEndpointRequest.parse(values), {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('create.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('create.url')}
          description={t('create.urlHelp')}
          placeholder={t('create.urlPlaceholder')}
          autoComplete="off"
          required
          {...form.getInputProps('url')}
        />
        {/* Native checkboxes: Mantine's Checkbox is not among the shared singleton's components. */}
        <fieldset
          aria-invalid={form.errors.eventTypes ? true : undefined}
          aria-describedby={form.errors.eventTypes ? errorId : undefined}
          style={{ border: 0, margin: 0, padding: 0 }}
        >
          <Text component="legend" size="sm" fw={500}>
            {t('create.events')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Text
                component="label"
                size="sm"
                key={type}
                style={{ display: 'flex', gap: 8, alignItems: 'center' }}
              >
                <input
                  type="checkbox"
                  name="eventTypes"
                  value={type}
                  checked={form.values.eventTypes.includes(type)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    form.setFieldValue('eventTypes', (previous) =>
                      checked ? [...previous, type] : previous.filter((chosen) => chosen !== type),
                    );
                  }}
                />
                {t(`eventTypes.${eventTypeKey(type)}`)}
              </Text>
            ))}
          </SimpleGrid>
          {form.errors.eventTypes ? (
            <Text id={errorId} size="xs" c="red" mt={4}>
              {form.errors.eventTypes}
            </Text>
          ) : null}
        </fieldset>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
