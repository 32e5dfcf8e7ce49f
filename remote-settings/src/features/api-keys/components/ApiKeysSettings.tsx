import {
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  ROLES,
  schemaResolverInLanguage,
  useConfirmStep,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useFormat,
  useT,
  visuallyHidden,
} from '@dash/shared';
import { type TApiKey, type TCreateApiKeyResponse, ZCreateApiKeyRequest } from '@dash/shared/api';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreateApiKeyMutation } from '../api/create-api-key';
import { useApiKeysQuery } from '../api/get-api-keys';
import { useRevokeApiKeyMutation } from '../api/revoke-api-key';

/**
 * API keys tab (Admins): create a key with a name and a role, see its secret once (to copy), list
 * the keys with when each was last used, and revoke one (it stops working at once).
 */
export default function ApiKeysSettings() {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const format = useFormat();
  const organization = useCurrentOrganization();
  const keys = useApiKeysQuery(organization.uid);
  const create = useCreateApiKeyMutation(organization.uid);
  const revoke = useRevokeApiKeyMutation(organization.uid);
  const step = useConfirmStep<string>();
  const invalid = useFocusFirstInvalid();
  const [created, setCreated] = useState<TCreateApiKeyResponse['data'] | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', role: 'Viewer' },
    validate: schemaResolverInLanguage(ZCreateApiKeyRequest),
  });

  const submit = form.onSubmit((values) => {
    create.mutate(ZCreateApiKeyRequest.parse(values), {
      onSuccess: (key) => {
        setCreated(key);
        form.setFieldValue('name', '');
      },
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  const revokeKey = (key: TApiKey) =>
    revoke.mutate(key.uid, {
      onSuccess: () => notifySuccess(t('apiKeys.revoked', { name: key.name })),
      onError: notifyError,
      onSettled: step.cancel,
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('apiKeys.intro')}
      </Text>
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('apiKeys.formLabel')}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('apiKeys.name')}
            autoComplete="off"
            required
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={t('apiKeys.role')}
            data={ROLES.map((role) => ({ value: role, label: common(`roles.${role}`) }))}
            w={130}
            {...form.getInputProps('role')}
          />
          <Button type="submit" loading={create.isPending} mt={25}>
            {t('apiKeys.create')}
          </Button>
        </Group>
      </form>
      {created ? (
        <Alert color="teal" title={t('apiKeys.createdTitle', { name: created.name })} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('apiKeys.shownOnce')}</Text>
            <Code block aria-label={t('apiKeys.secretLabel')} data-testid="api-key-secret">
              {created.secret}
            </Code>
            <Group gap="xs">
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setCreated(null)}>
                {t('apiKeys.done')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {keys.isPending ? (
        <PageSkeleton rows={2} label={t('apiKeys.loading')} />
      ) : keys.isError ? (
        <LoadFailed error={keys.error} onRetry={() => keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <Text size="sm">{t('apiKeys.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t('apiKeys.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.name')}</Table.Th>
                <Table.Th>{t('apiKeys.role')}</Table.Th>
                <Table.Th>{t('apiKeys.key')}</Table.Th>
                <Table.Th>{t('apiKeys.createdBy')}</Table.Th>
                <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
                <Table.Th>
                  <span style={visuallyHidden}>{t('invites.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.uid}>
                  <Table.Td>
                    <Text size="sm">{key.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={key.role === 'Admin' ? 'teal' : 'gray'}>
                      {common(`roles.${key.role}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code>{t('apiKeys.prefix', { prefix: key.shownPrefix })}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('apiKeys.createdOn', {
                        name: key.createdBy ?? '—',
                        date: format.date(key.createdAt),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {key.lastUsedAt ? format.relative(key.lastUsedAt) : t('apiKeys.neverUsed')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      <Badge variant="outline" color="gray">
                        {t('apiKeys.revokedBadge')}
                      </Badge>
                    ) : step.confirming === key.uid ? (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          ref={step.confirmRef}
                          size="xs"
                          color="red"
                          loading={revoke.isPending}
                          onClick={() => revokeKey(key)}
                          aria-label={t('apiKeys.confirmRevoke', { name: key.name })}
                        >
                          {t('apiKeys.revoke')}
                        </Button>
                        <Button size="xs" variant="default" onClick={step.cancel}>
                          {t('common.cancel')}
                        </Button>
                      </Group>
                    ) : (
                      <Group justify="flex-end">
                        <Button
                          ref={step.askRef(key.uid)}
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => step.ask(key.uid)}
                          aria-label={t('apiKeys.revokeName', { name: key.name })}
                        >
                          {t('apiKeys.revoke')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
