import { notifyError, notifySuccess, shortAddress, useFormat, useT } from '@dash/shared';
import type { TSafeTransaction, TWallet } from '@dash/shared/api';
import { Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  NoWalletError,
  useConfirmSafeTransactionMutation,
  useSafeTransactionsQuery,
} from '../api/safe-transactions';

/**
 * The Safe's transactions: the queue by nonce ("Needs your signature", awaiting others, ready,
 * executing; a nonce two transactions share is marked), each saying in plain words what is signed
 * and showing the hashes a hardware wallet shows; and the history with the execution's hash.
 * Confirming signs with the member's own signing device in the browser's wallet.
 */
export function SafeQueue({
  organizationUid,
  wallet,
  currentUserUid,
}: {
  organizationUid: string;
  wallet: TWallet;
  currentUserUid: string;
}) {
  const { t } = useT('wallet');
  const transactions = useSafeTransactionsQuery(organizationUid);
  const me = wallet.signers.find((signer) => signer.uid === currentUserUid);
  const myOwner = me?.ethAddress ?? null;
  if (transactions.isPending) return <Text size="sm">{t('queue.loading')}</Text>;
  if (transactions.isError) return <Text size="sm">{t('queue.failed')}</Text>;
  const { queued, history } = transactions.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-queue">
      <Title order={3} size="h4" id="wallet-queue">
        {t('queue.title')}
      </Title>
      {queued.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('queue.empty')}
        </Text>
      ) : (
        <Stack gap="sm" mt="sm">
          {queued.map((transaction) => (
            <QueuedTransaction
              key={transaction.uid}
              organizationUid={organizationUid}
              transaction={transaction}
              myOwner={myOwner}
            />
          ))}
        </Stack>
      )}
      <Title order={4} size="h5" mt="lg" id="wallet-history">
        {t('queue.history')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('queue.noHistory')}
        </Text>
      ) : (
        <Table mt="xs" aria-labelledby="wallet-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('queue.nonce')}</Table.Th>
              <Table.Th>{t('queue.what')}</Table.Th>
              <Table.Th>{t('queue.status')}</Table.Th>
              <Table.Th>{t('queue.execution')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((transaction) => (
              <Table.Tr key={transaction.uid}>
                <Table.Td>{transaction.nonce}</Table.Td>
                <Table.Td>
                  <What transaction={transaction} />
                </Table.Td>
                <Table.Td>{t(`queue.statuses.${transaction.status}`)}</Table.Td>
                <Table.Td title={transaction.executionTxHash ?? undefined}>
                  {transaction.executionTxHash ? shortAddress(transaction.executionTxHash) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function What({ transaction }: { transaction: TSafeTransaction }) {
  const { t } = useT('wallet');
  const format = useFormat();
  if (!transaction.transfer) return <>{t('queue.rejection', { nonce: transaction.nonce })}</>;
  const { amount, symbol, recipient } = transaction.transfer;
  return (
    <>
      {t('queue.transfer', {
        amount: format.money(amount, symbol),
        name: recipient.name,
        address: shortAddress(recipient.address),
      })}
    </>
  );
}

function QueuedTransaction({
  organizationUid,
  transaction,
  myOwner,
}: {
  organizationUid: string;
  transaction: TSafeTransaction;
  myOwner: string | null;
}) {
  const { t } = useT('wallet');
  const confirm = useConfirmSafeTransactionMutation(organizationUid);
  const needsMe =
    transaction.status === 'awaiting_confirmations' &&
    myOwner !== null &&
    transaction.missing.some((owner) => owner.owner.toLowerCase() === myOwner.toLowerCase());
  const label = needsMe ? t('queue.needsYou') : t(`queue.statuses.${transaction.status}`);
  const onConfirm = () => {
    if (!myOwner) return;
    confirm.mutate(
      { transaction, owner: myOwner },
      {
        onSuccess: () => notifySuccess(t('queue.confirmed')),
        onError: (error) =>
          notifyError(
            error instanceof NoWalletError ? new Error(t('queue.noWallet', { address: myOwner })) : error,
          ),
      },
    );
  };
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={t('queue.item', { nonce: transaction.nonce })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>
            <What transaction={transaction} />
          </Text>
          <Text size="xs">
            {t('queue.details', {
              nonce: transaction.nonce,
              confirmed: transaction.confirmations.length,
              threshold: transaction.threshold,
            })}
          </Text>
          {transaction.conflict ? (
            <Text size="xs" c="orange.9">
              {t('queue.conflict')}
            </Text>
          ) : null}
          {transaction.missing.length > 0 ? (
            <Text size="xs">
              {t('queue.missing', {
                names: transaction.missing.map((owner) => owner.name ?? shortAddress(owner.owner)).join(', '),
              })}
            </Text>
          ) : null}
          <Text size="xs">
            {t('queue.safeTxHash')} <Code>{transaction.safeTxHash}</Code>
          </Text>
          <Text size="xs">
            {t('queue.domainHash')} <Code>{transaction.domainHash}</Code>
          </Text>
          <Text size="xs">
            {t('queue.messageHash')} <Code>{transaction.messageHash}</Code>
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge variant="light" color={needsMe ? 'orange' : 'gray'}>
            {label}
          </Badge>
          {needsMe ? (
            <Button size="compact-sm" loading={confirm.isPending} onClick={onConfirm}>
              {t('queue.confirm')}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
