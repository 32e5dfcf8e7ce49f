import { can, paths, shortAddress, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import type { TSafeTransactionListItem, TWallet } from '@dash/shared/api';
import { Anchor, Badge, Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { olderSafeHistoryQueryOptions, useSafeTransactionsQuery } from '../api/safe-transactions';
import { useConfirmWithDevice } from '../hooks/useConfirmWithDevice';
import { describe, ownerName } from '../lib/describe';
import { awaitedOwner, groupQueue, type TNonceGroup, type TViewer } from '../lib/queue';

/**
 * The Safe's transactions as Safe{Wallet} shows them: the queue in sections ("Needs your signature",
 * "Awaiting others", "Ready to execute", "Executing"), by nonce, the transactions sharing a nonce
 * grouped and marked as a conflict; then the history. Each transaction links to its page; an owner
 * whose confirmation is awaited confirms with their signing device from here too. Admins and Editors
 * propose a transfer ("Send from the Safe"). The history shows its latest page; "Show older" reads
 * the next pages by cursor.
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
  const organization = useCurrentOrganization();
  const transactions = useSafeTransactionsQuery(organizationUid);
  const viewer: TViewer = {
    userUid: currentUserUid,
    address: wallet.signers.find((signer) => signer.uid === currentUserUid)?.ethAddress ?? null,
  };
  const header = (
    <Group justify="space-between" align="center">
      <Title order={3} size="h4" id="wallet-queue">
        {t('queue.title')}
      </Title>
      {can(organization.role, 'wallet.propose') ? (
        <Button
          component={Link}
          to={paths.org.wallet.send(organization.slug)}
          variant="light"
          size="compact-sm"
        >
          {t('queue.send')}
        </Button>
      ) : null}
    </Group>
  );
  if (transactions.isPending || transactions.isError)
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="wallet-queue">
        {header}
        <Text size="sm" mt="xs">
          {transactions.isPending ? t('queue.loading') : t('queue.failed')}
        </Text>
      </Card>
    );
  const { queued, history, historyCursor } = transactions.data;
  const groups = groupQueue(queued, viewer);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-queue">
      {header}
      {queued.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('queue.empty')}
        </Text>
      ) : (
        groups.map((group) => (
          <QueueSection key={group.section} title={t(`queue.sections.${group.section}`)}>
            {group.nonces.map((nonce) =>
              nonce.transactions.length > 1 ? (
                <ConflictGroup
                  key={`${nonce.network ?? ''}:${nonce.nonce}`}
                  organizationUid={organizationUid}
                  group={nonce}
                  viewer={viewer}
                />
              ) : (
                nonce.transactions.map((transaction) => (
                  <QueuedTransaction
                    key={transaction.uid}
                    organizationUid={organizationUid}
                    transaction={transaction}
                    viewer={viewer}
                  />
                ))
              ),
            )}
          </QueueSection>
        ))
      )}
      <Title order={4} size="h5" mt="lg" id="wallet-history">
        {t('queue.history')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('queue.noHistory')}
        </Text>
      ) : (
        <>
          <HistoryTable rows={history} />
          {historyCursor ? (
            <OlderHistory key={historyCursor} organizationUid={organizationUid} cursor={historyCursor} />
          ) : null}
        </>
      )}
    </Card>
  );
}

function HistoryTable({ rows }: { rows: TSafeTransactionListItem[] }) {
  const { t } = useT('wallet');
  const format = useFormat();
  const organization = useCurrentOrganization();
  return (
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
        {rows.map((transaction) => (
          <Table.Tr key={transaction.uid}>
            <Table.Td>{transaction.nonce}</Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.org.wallet.transaction(organization.slug, transaction.safeTxHash)}
              >
                {describe(transaction, t, format)}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`queue.statuses.${transaction.status}`)}</Table.Td>
            <Table.Td title={transaction.executionTxHash ?? undefined}>
              {transaction.executionTxHash ? shortAddress(transaction.executionTxHash) : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The history's older pages, read one at a time on "Show older" (keyset cursor from the page before). */
function OlderHistory({ organizationUid, cursor }: { organizationUid: string; cursor: string }) {
  const { t } = useT('wallet');
  const [asked, setAsked] = useState(false);
  const older = useInfiniteQuery({
    ...olderSafeHistoryQueryOptions(organizationUid, cursor),
    enabled: asked,
  });
  const rows = older.data?.pages.flatMap((page) => page.history) ?? [];
  const more = !asked || older.hasNextPage;
  return (
    <>
      {rows.length > 0 ? <HistoryTable rows={rows} /> : null}
      {older.isError ? (
        <Text size="sm" mt="xs">
          {t('queue.failed')}
        </Text>
      ) : null}
      {more ? (
        <Button
          mt="xs"
          variant="subtle"
          size="compact-sm"
          loading={older.isFetching}
          onClick={() => (asked ? void older.fetchNextPage() : setAsked(true))}
        >
          {t('queue.older')}
        </Button>
      ) : null}
    </>
  );
}

function QueueSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack gap="sm" mt="md" component="section" aria-labelledby={id}>
      <Title order={4} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The queued transactions at one nonce: only one of them can execute, the others are then replaced. */
function ConflictGroup({
  organizationUid,
  group,
  viewer,
}: {
  organizationUid: string;
  group: TNonceGroup;
  viewer: TViewer;
}) {
  const { t } = useT('wallet');
  const id = useId();
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-labelledby={id}
      style={{ borderLeft: '4px solid var(--mantine-color-orange-6)' }}
    >
      <Text size="sm" fw={600} id={id}>
        {t('queue.conflictGroup', { nonce: group.nonce, count: group.transactions.length })}
      </Text>
      <Text size="xs" mb="xs">
        {t('queue.conflict')}
      </Text>
      <Stack gap="xs">
        {group.transactions.map((transaction) => (
          <QueuedTransaction
            key={transaction.uid}
            organizationUid={organizationUid}
            transaction={transaction}
            viewer={viewer}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function QueuedTransaction({
  organizationUid,
  transaction,
  viewer,
}: {
  organizationUid: string;
  transaction: TSafeTransactionListItem;
  viewer: TViewer;
}) {
  const { t } = useT('wallet');
  const format = useFormat();
  const organization = useCurrentOrganization();
  const { confirm, isPending } = useConfirmWithDevice(organizationUid);
  const whatId = useId();
  // Only an owner whose confirmation is awaited confirms (what the API takes, whatever their role).
  const owner = awaitedOwner(transaction, viewer);
  const label = owner ? t('queue.needsYou') : t(`queue.statuses.${transaction.status}`);
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={t('queue.item', { nonce: transaction.nonce })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={paths.org.wallet.transaction(organization.slug, transaction.safeTxHash)}
            fw={600}
            id={whatId}
          >
            {describe(transaction, t, format)}
          </Anchor>
          <Text size="xs">
            {t('queue.details', {
              nonce: transaction.nonce,
              confirmed: transaction.confirmed,
              threshold: transaction.threshold,
            })}
          </Text>
          {transaction.missing.length > 0 && transaction.status === 'awaiting_confirmations' ? (
            <Text size="xs">
              {t('queue.missing', { names: format.list(transaction.missing.map(ownerName)) })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge variant="light" color={owner ? 'orange' : 'gray'}>
            {label}
          </Badge>
          {owner ? (
            <Button
              size="compact-sm"
              loading={isPending}
              aria-describedby={whatId}
              onClick={() => confirm(transaction, owner)}
            >
              {t('queue.confirm')}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
