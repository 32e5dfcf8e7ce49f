import {
  can,
  formatDate,
  isMissingItem,
  LoadFailed,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  paths,
  type TFunction,
  transferNoteMessage,
  useCurrentOrganization,
  useFormat,
  useOneAtATime,
  useSession,
  useT,
} from '@dash/shared';
import {
  explorerTransactionUrl,
  findNetwork,
  type TTransferDetail,
  type TTransferNoteCode,
  type TTransferNoteParams,
  type TTransferReview,
} from '@dash/shared/api';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useApproveTransferMutation } from '../api/approve-transfer';
import { useTransactionQuery } from '../api/get-transaction';
import {
  CancelTransferModal,
  isDecidedMeanwhile,
  notifyDecisionError,
} from '../components/CancelTransferModal';
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

/** Said of a counterparty deleted since the transfer (it is shown as it was then). */
function Unregistered({ uid }: { uid: string | null }) {
  const { t } = useT('rails');
  return uid === null ? (
    <Text span size="xs" c="dimmed">
      {' '}
      {t('transaction.noLongerRegistered')}
    </Text>
  ) : null;
}

/**
 * A member's decision or the API's own reason (a timeline note, a failure reason) in the reader's
 * language from its code and values (the API's reasons have no actor; a refusal's reason is the
 * provider's words, as it wrote them); without a code (a provider's words, a row older than the
 * codes) the text as the API wrote it.
 */
function noteText(
  t: TFunction,
  text: string | null,
  code: TTransferNoteCode | null | undefined,
  params: TTransferNoteParams | null | undefined,
): string {
  if (!code || !params) return text ?? '';
  return transferNoteMessage(t, code, params) ?? text ?? '';
}

/**
 * Why the transfer is held in review, in the reader's language from its code and values (the
 * amounts and addresses are chain facts, kept as they are); without a code this build knows, the
 * API's English.
 */
function reviewText(t: TFunction, review: TTransferReview): string {
  if (!review.code) return review.message;
  const { params } = review;
  const values = { ...params, network: findNetwork(params.network)?.name ?? params.network };
  const key = review.code === 'delivery_mismatch' && !params.found ? 'delivery_mismatch_none' : review.code;
  return t(`transaction.review.${key}`, values);
}

function Details({ transfer }: { transfer: TTransferDetail }) {
  const organization = useCurrentOrganization();
  const { t } = useT('rails');
  const f = useFormat();
  const none = t('common.none');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Field label={t('transaction.amountSent')}>
        {f.money(transfer.sourceAmount, transfer.sourceCurrency)}
      </Field>
      <Field label={t('transaction.amountReceived')}>
        {f.money(transfer.targetAmount, transfer.targetCurrency)}
      </Field>
      <Field label={t('transaction.fees')}>{f.money(transfer.fee, transfer.feeCurrency)}</Field>
      <Field label={t('transaction.rate')}>
        {t('transaction.rateValue', {
          rate: f.number(transfer.rate),
          source: transfer.sourceCurrency,
          target: transfer.targetCurrency,
        })}
      </Field>
      <Field label={t('common.provider')}>{transfer.provider.name}</Field>
      <Field label={t('transaction.providerReference')}>{transfer.providerReference ?? none}</Field>
      {transfer.wallet ? (
        <Field label={t('transaction.targetWallet')}>
          {transfer.wallet.name} ({transfer.wallet.address})
          <Unregistered uid={transfer.wallet.uid} />
        </Field>
      ) : null}
      {transfer.fromSafe ? (
        <Field label={t('transaction.paidFrom')}>
          {t('transaction.paidFromSafe', { address: transfer.fromSafe.address })}{' '}
          <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
            {t('transaction.safeQueueLink')}
          </Anchor>
        </Field>
      ) : null}
      {transfer.bankBeneficiary ? (
        <Field label={t('transaction.bankBeneficiary')}>
          {transfer.bankBeneficiary.name} ({transfer.bankBeneficiary.accountKey})
          <Unregistered uid={transfer.bankBeneficiary.uid} />
        </Field>
      ) : null}
      <Field label={t('transaction.txHash')}>
        {transfer.txHash && transfer.localChain ? (
          <Text size="sm" component="span">
            {transfer.txHash} {t('transaction.onLocalChain')}
          </Text>
        ) : transfer.txHash ? (
          <Anchor
            href={explorerTransactionUrl(transfer.network, transfer.txHash)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            {transfer.txHash}
          </Anchor>
        ) : (
          none
        )}
      </Field>
      {transfer.payoutReference ? (
        <Field
          label={
            transfer.fiatCurrency === 'BRL' ? t('transaction.pixEndToEnd') : t('transaction.speiTracking')
          }
        >
          {transfer.payoutReference}
        </Field>
      ) : null}
      <Field label={t('transaction.createdBy')}>{transfer.createdBy?.email ?? none}</Field>
      {transfer.approval.required ? (
        <Field label={t('transaction.approvedBy')}>
          {transfer.approval.approvedBy?.email ??
            // Called off before a second member approved it: nobody did.
            (transfer.status === 'awaiting_approval' ? t('transaction.waitingSecondMember') : none)}
        </Field>
      ) : null}
    </SimpleGrid>
  );
}

/** /org/{org}/rails/transactions/{transaction}: amounts, counterparties, references and the timeline, live. */
export default function TransactionPage() {
  const { t } = useT('rails');
  const f = useFormat();
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
  const [calling, setCalling] = useState<'cancel' | 'reject' | null>(null);
  const once = useOneAtATime();
  // A decision (approved, rejected, withdrawn, or decided by another member first) removes the
  // buttons that made it: focus goes to the transfer's status, which says what it is now, instead
  // of falling to the page's body. In an effect after the render that closes the dialog: Mantine's
  // focus return then finds focus moved and leaves it there.
  const statusRef = useRef<HTMLDivElement>(null);
  const [decisions, setDecisions] = useState(0);
  useEffect(() => {
    if (decisions > 0) statusRef.current?.focus();
  }, [decisions]);
  const decided = () => setDecisions((count) => count + 1);

  if (query.isPending) return <PageSkeleton rows={6} label={t('loading.transaction')} />;
  if (query.isError && isMissingItem(query.error))
    return <TransactionNotFound organizationSlug={organization.slug} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => query.refetch()} />;
  const transfer = query.data;
  // Admins and Editors decide on an off-ramp waiting for approval: another member approves or
  // rejects it; its creator may only withdraw it.
  const decides = transfer.status === 'awaiting_approval' && can(organization.role, 'rails.write');
  const ownTransfer = transfer.createdBy?.uid === user.uid;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.org.rails.transactions(organization.slug)} size="sm">
        {t('transaction.back')}
      </Anchor>
      <PageHeader
        title={t('transaction.title', {
          type: t(`transferType.${transfer.type}`),
          amount: f.money(transfer.sourceAmount, transfer.sourceCurrency),
        })}
        actions={
          <Group
            ref={statusRef}
            tabIndex={-1}
            role="group"
            gap="xs"
            aria-label={t('transaction.statusLabel')}
          >
            <TransferStatusBadge status={transfer.status} />
          </Group>
        }
      />
      {transfer.failureReason ? (
        <Alert color="red" title={t(`transferStatus.${transfer.status}`)}>
          {noteText(t, transfer.failureReason, transfer.failureReasonCode, transfer.failureReasonParams)}
        </Alert>
      ) : null}
      {transfer.review ? (
        <Alert color="orange" title={t('transaction.reviewTitle')}>
          {reviewText(t, transfer.review)}
        </Alert>
      ) : null}
      {transfer.status === 'awaiting_approval' ? (
        <Alert color="grape" title={t('transaction.approvalTitle')}>
          {t('transaction.approvalText')}
          {decides ? (
            <Group mt="sm">
              {ownTransfer ? (
                <Button variant="default" color="red" onClick={() => setCalling('cancel')}>
                  {t('transaction.cancel')}
                </Button>
              ) : (
                <>
                  <Button
                    loading={approve.isPending}
                    onClick={() =>
                      // One approval per click: isPending renders after both clicks of a double-click.
                      once((done) =>
                        approve.mutate(transfer.uid, {
                          onSuccess: () => {
                            notifySuccess(t('transaction.approved'));
                            decided();
                          },
                          onError: (error) => {
                            notifyDecisionError(error, t('transaction.decidedMeanwhile'));
                            if (isDecidedMeanwhile(error)) decided();
                          },
                          onSettled: done,
                        }),
                      )
                    }
                  >
                    {t('transaction.approve')}
                  </Button>
                  <Button
                    variant="default"
                    color="red"
                    disabled={approve.isPending}
                    onClick={() => setCalling('reject')}
                  >
                    {t('transaction.reject')}
                  </Button>
                </>
              )}
            </Group>
          ) : null}
        </Alert>
      ) : null}
      <CancelTransferModal
        organizationUid={organization.uid}
        transfer={transfer}
        mode={decides ? calling : null}
        onClose={() => setCalling(null)}
        onDecided={decided}
      />
      {transfer.status === 'awaiting_funds' && transfer.instructions ? (
        <PaymentInstructions instructions={transfer.instructions} />
      ) : transfer.status === 'awaiting_funds' ? (
        <Text c="dimmed" size="sm">
          {t('transaction.askingInstructions')}
        </Text>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Details transfer={transfer} />
      </Paper>
      <Title order={2} size="h4">
        {t('transaction.timeline')}
      </Title>
      <Table aria-label={t('transaction.timeline')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transaction.when')}</Table.Th>
            <Table.Th>{t('common.status')}</Table.Th>
            <Table.Th>{t('transaction.by')}</Table.Th>
            <Table.Th>{t('transaction.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfer.events.map((event) => (
            <Table.Tr key={`${event.at}-${event.to}`}>
              <Table.Td>
                {/* The spec's fixed yyyy/MM/dd format, with the time in UTC: the same in every language. */}
                {`${formatDate(event.at)} ${new Date(event.at).toISOString().slice(11, 19)} UTC`}
              </Table.Td>
              <Table.Td>{t(`transferStatus.${event.to}`)}</Table.Td>
              <Table.Td>
                {/* Who: the creator for the first step, the member who decided a later one (an
                    approval, a rejection, a withdrawal: its note's actor), the provider by name,
                    else the source (the API's own steps: the system). */}
                {event.source === 'user' && event.from === null && transfer.createdBy
                  ? transfer.createdBy.email
                  : event.source === 'user' && event.noteParams?.actor
                    ? event.noteParams.actor
                    : event.source === 'provider'
                      ? transfer.provider.name
                      : t(`eventSource.${event.source}`)}
              </Table.Td>
              <Table.Td>{noteText(t, event.note, event.noteCode, event.noteParams)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A link to a transaction this organization does not have: said so, with the way back (no retry). */
function TransactionNotFound({ organizationSlug }: { organizationSlug: string }) {
  const { t } = useT('rails');
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={1} size="h3">
        {t('transaction.notFound')}
      </Title>
      <Text c="dimmed">{t('transaction.notFoundText')}</Text>
      <Button component={Link} to={paths.org.rails.transactions(organizationSlug)} variant="light">
        {t('transaction.back')}
      </Button>
    </Stack>
  );
}
