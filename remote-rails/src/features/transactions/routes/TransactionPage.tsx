import {
  can,
  explorerTransactionUrl,
  formatDate,
  LoadFailed,
  notifyError,
  PageSkeleton,
  paths,
  TRANSFER_STATUS_LABELS,
  TRANSFER_TYPE_LABELS,
  type TTransferDetail,
  useApproveTransferMutation,
  useCurrentOrganization,
  useSession,
  useTransactionQuery,
} from '@dash/shared';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PaymentInstructions } from '../components/PaymentInstructions';
import { TransferStatusBadge } from '../components/TransferStatusBadge';
import { useTransferEvents } from '../hooks/useTransferEvents';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Details({ transfer }: { transfer: TTransferDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Field label="Amount sent">
        {transfer.sourceAmount} {transfer.sourceCurrency}
      </Field>
      <Field label="Amount received">
        {transfer.targetAmount} {transfer.targetCurrency}
      </Field>
      <Field label="Fees">
        {transfer.fee} {transfer.feeCurrency}
      </Field>
      <Field label="Rate">{transfer.rate}</Field>
      <Field label="Provider">{transfer.provider.name}</Field>
      <Field label="Provider reference">{transfer.providerReference ?? '—'}</Field>
      {transfer.wallet ? (
        <Field label="Target wallet">
          {transfer.wallet.name} ({transfer.wallet.address})
        </Field>
      ) : null}
      {transfer.bankBeneficiary ? (
        <Field label="Bank beneficiary">
          {transfer.bankBeneficiary.name} ({transfer.bankBeneficiary.accountKey})
        </Field>
      ) : null}
      <Field label="Transaction hash">
        {transfer.txHash ? (
          <Anchor
            href={explorerTransactionUrl(transfer.network, transfer.txHash)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            {transfer.txHash}
          </Anchor>
        ) : (
          '—'
        )}
      </Field>
      {transfer.payoutReference ? (
        <Field label={transfer.fiatCurrency === 'BRL' ? 'Pix end-to-end id' : 'SPEI tracking key'}>
          {transfer.payoutReference}
        </Field>
      ) : null}
      <Field label="Created by">{transfer.createdBy?.email ?? '—'}</Field>
      {transfer.approval.required ? (
        <Field label="Approved by">
          {transfer.approval.approvedBy?.email ?? 'Waiting for a second member'}
        </Field>
      ) : null}
    </SimpleGrid>
  );
}

/** /org/{org}/rails/transactions/{transaction}: amounts, counterparties, references and the timeline, live. */
export default function TransactionPage() {
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const { transaction = '' } = useParams();
  const poll = useTransferEvents(organization.uid);
  // The provider's instructions may arrive before this page's event stream is open: until they are
  // here, ask again every second (afterwards the stream's events, or the fallback poll, keep it live).
  const query = useTransactionQuery(organization.uid, transaction, {
    refetchInterval: (current) =>
      current.state.data?.status === 'awaiting_funds' && !current.state.data.instructions ? 1000 : poll,
  });
  const approve = useApproveTransferMutation(organization.uid);

  if (query.isPending) return <PageSkeleton rows={6} label="Loading transaction" />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => query.refetch()} />;
  const transfer = query.data;
  const canApprove =
    transfer.status === 'awaiting_approval' &&
    can(organization.role, 'rails.write') &&
    transfer.createdBy?.uid !== user.uid;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.org.rails.transactions(organization.slug)} size="sm">
        Back to transactions
      </Anchor>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {TRANSFER_TYPE_LABELS[transfer.type]} of {transfer.sourceAmount} {transfer.sourceCurrency}
        </Title>
        <Group gap="xs" aria-label="Status">
          <TransferStatusBadge status={transfer.status} />
        </Group>
      </Group>
      {transfer.failureReason ? (
        <Alert color="red" title={TRANSFER_STATUS_LABELS[transfer.status]}>
          {transfer.failureReason}
        </Alert>
      ) : null}
      {transfer.status === 'awaiting_approval' ? (
        <Alert color="grape" title="Waiting for a second member's approval">
          This off-ramp is above your organization's approval threshold. An Admin or Editor other than its
          creator must approve it.
          {canApprove ? (
            <Group mt="sm">
              <Button
                loading={approve.isPending}
                onClick={() => approve.mutate(transfer.uid, { onError: notifyError })}
              >
                Approve transfer
              </Button>
            </Group>
          ) : null}
        </Alert>
      ) : null}
      {transfer.status === 'awaiting_funds' && transfer.instructions ? (
        <PaymentInstructions instructions={transfer.instructions} />
      ) : transfer.status === 'awaiting_funds' ? (
        <Text c="dimmed" size="sm">
          Asking the provider for payment instructions…
        </Text>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Details transfer={transfer} />
      </Paper>
      <Title order={2} size="h4">
        Timeline
      </Title>
      <Table aria-label="Timeline">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfer.events.map((event) => (
            <Table.Tr key={`${event.at}-${event.to}`}>
              <Table.Td>
                {formatDate(event.at)} {new Date(event.at).toISOString().slice(11, 19)} UTC
              </Table.Td>
              <Table.Td>{TRANSFER_STATUS_LABELS[event.to]}</Table.Td>
              <Table.Td>{event.source}</Table.Td>
              <Table.Td>{event.note ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
