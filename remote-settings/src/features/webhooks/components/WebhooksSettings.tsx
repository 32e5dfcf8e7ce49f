import '../i18n';
import {
  LoadFailed,
  notifyError,
  notifySuccess,
  PageSkeleton,
  useConfirmStep,
  useCurrentOrganization,
  useFormat,
  useT,
} from '@dash/shared';
import type { TWebhookEndpoint } from '@dash/shared/api';
import { Alert, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useDeleteWebhookEndpointMutation } from '../api/delete-webhook-endpoint';
import { useEnableWebhookEndpointMutation } from '../api/enable-webhook-endpoint';
import { useWebhookEndpointsQuery } from '../api/get-webhook-endpoints';
import { useRotateWebhookSecretMutation } from '../api/rotate-webhook-secret';
import { useSendWebhookTestMutation } from '../api/send-webhook-test';
import { useWebhookEvents } from '../hooks/useWebhookEvents';
import { CreateEndpointForm } from './CreateEndpointForm';
import { DeliveryLog } from './DeliveryLog';
import { eventTypeKey } from './event-type-key';

/**
 * Organization settings → Webhooks (Admins): the endpoints, adding one (URL and events), and for
 * the one chosen its delivery log, Send a test event and Rotate secret. A secret is shown once,
 * right after it is made (creation, rotation), like a key: the API never shows it again.
 */
export default function WebhooksSettings() {
  const organization = useCurrentOrganization();
  const { t } = useT('webhooks');
  const format = useFormat();
  const refetchInterval = useWebhookEvents(organization.uid);
  const endpoints = useWebhookEndpointsQuery(organization.uid, refetchInterval);
  const [chosen, setChosen] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const showSecret = (url: string, value: string) => {
    setCopied(false);
    setSecret({ url, value });
  };
  const sendTest = useSendWebhookTestMutation(organization.uid);
  const rotate = useRotateWebhookSecretMutation(organization.uid);
  const enable = useEnableWebhookEndpointMutation(organization.uid);
  const remove = useDeleteWebhookEndpointMutation(organization.uid);
  const step = useConfirmStep<string>();
  const selected = endpoints.data?.find((endpoint) => endpoint.uid === chosen) ?? null;

  const events = (endpoint: TWebhookEndpoint) =>
    endpoint.eventTypes.map((type) => t(`eventTypes.${eventTypeKey(type)}`)).join(', ');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text fw={600}>{t('title')}</Text>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>
      </Stack>

      {secret ? (
        <Alert color="yellow" title={t('secret.title')} withCloseButton onClose={() => setSecret(null)}>
          <Stack gap="xs">
            <Text size="sm">{t('secret.once', { url: secret.url })}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code aria-label={t('secret.label')}>{secret.value}</Code>
              <Button
                size="xs"
                variant="default"
                onClick={() => void navigator.clipboard?.writeText(secret.value).then(() => setCopied(true))}
              >
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <CreateEndpointForm
        organizationUid={organization.uid}
        onCreated={(created) => {
          notifySuccess(t('create.done'));
          showSecret(created.endpoint.url, created.secret);
          setChosen(created.endpoint.uid);
        }}
      />

      {endpoints.isPending ? (
        <PageSkeleton rows={3} label={t('loading')} />
      ) : endpoints.isError ? (
        <LoadFailed error={endpoints.error} onRetry={() => endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label={t('tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.url')}</Table.Th>
                <Table.Th>{t('columns.events')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.data.map((endpoint) => (
                <Table.Tr
                  key={endpoint.uid}
                  bg={endpoint.uid === chosen ? 'var(--mantine-color-default-hover)' : undefined}
                >
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {endpoint.url}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('created', { date: format.dateTime(endpoint.createdAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{events(endpoint)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={endpoint.status === 'active' ? 'green' : 'red'} variant="light">
                      {t(`status.${endpoint.status}`)}
                    </Badge>
                    {endpoint.previousSecretExpiresAt ? (
                      <Text size="xs" c="dimmed">
                        {t('overlap', { date: format.dateTime(endpoint.previousSecretExpiresAt) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        aria-pressed={endpoint.uid === chosen}
                        onClick={() => setChosen(endpoint.uid === chosen ? null : endpoint.uid)}
                      >
                        {t('actions.log')}
                      </Button>
                      {endpoint.status === 'active' ? (
                        <Button
                          size="xs"
                          variant="default"
                          loading={sendTest.isPending && sendTest.variables === endpoint.uid}
                          onClick={() =>
                            sendTest.mutate(endpoint.uid, {
                              onSuccess: () => {
                                setChosen(endpoint.uid);
                                notifySuccess(t('actions.testSent'));
                              },
                              onError: notifyError,
                            })
                          }
                        >
                          {t('actions.test')}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          loading={enable.isPending && enable.variables === endpoint.uid}
                          onClick={() => enable.mutate(endpoint.uid, { onError: notifyError })}
                        >
                          {t('actions.enable')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="default"
                        loading={rotate.isPending && rotate.variables === endpoint.uid}
                        onClick={() =>
                          rotate.mutate(endpoint.uid, {
                            onSuccess: (rotated) => showSecret(rotated.endpoint.url, rotated.secret),
                            onError: notifyError,
                          })
                        }
                      >
                        {t('actions.rotate')}
                      </Button>
                      {step.confirming === endpoint.uid ? (
                        <>
                          <Button
                            ref={step.confirmRef}
                            size="xs"
                            color="red"
                            loading={remove.isPending}
                            onClick={() =>
                              remove.mutate(endpoint.uid, {
                                onSuccess: () => {
                                  if (chosen === endpoint.uid) setChosen(null);
                                },
                                onError: notifyError,
                                onSettled: step.cancel,
                              })
                            }
                          >
                            {t('actions.removeConfirm')}
                          </Button>
                          <Button size="xs" variant="default" onClick={step.cancel}>
                            {t('actions.cancel')}
                          </Button>
                        </>
                      ) : (
                        <Button
                          ref={step.askRef(endpoint.uid)}
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => step.ask(endpoint.uid)}
                        >
                          {t('actions.remove')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {selected ? (
        <DeliveryLog
          key={selected.uid}
          organizationUid={organization.uid}
          endpointUid={selected.uid}
          refetchInterval={refetchInterval}
        />
      ) : null}
    </Stack>
  );
}
