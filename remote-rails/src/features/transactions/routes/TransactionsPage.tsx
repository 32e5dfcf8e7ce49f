import {
  can,
  FIAT_CURRENCIES,
  formatDate,
  LoadFailed,
  paths,
  TRANSACTIONS_PAGE_SIZE_MAX,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  transactionsExportPath,
  useCurrentOrganization,
  useFormat,
  useT,
  useTransactionsQuery,
} from '@dash/shared';
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TransactionsSkeleton } from '../components/TransactionsSkeleton';
import { TransferStatusBadge } from '../components/TransferStatusBadge';
import { useTransferEvents } from '../hooks/useTransferEvents';
import { readTransactionsSearch } from '../transactions-search';

const CURRENCY_OPTIONS = FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const SIZE_OPTIONS = ['10', '25', '50', String(TRANSACTIONS_PAGE_SIZE_MAX)];

/** /org/{org}/rails/transactions: every on-ramp, off-ramp and deposit, newest first, filtered and paged. */
export default function TransactionsPage() {
  const { t } = useT('rails');
  const f = useFormat();
  const typeOptions = useMemo(
    () => TRANSFER_TYPES.map((type) => ({ value: type, label: t(`transferType.${type}`) })),
    [t],
  );
  const statusOptions = useMemo(
    () => TRANSFER_STATUSES.map((status) => ({ value: status, label: t(`transferStatus.${status}`) })),
    [t],
  );
  const organization = useCurrentOrganization();
  const [search, setSearch] = useSearchParams();
  const query = readTransactionsSearch(search);
  useTransferEvents(organization.uid);
  const list = useTransactionsQuery(organization.uid, query);
  const { page, size, ...filters } = query;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next);
  };
  // Past the count cap the total is a lower bound: "of 1000+" pages, and Next stays available.
  const exact = list.data?.totalIsExact ?? true;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / size)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('transactions.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('transactions.description')}
          </Text>
        </Stack>
        {can(organization.role, 'rails.write') ? (
          <Group gap="xs">
            <Button component={Link} to={paths.org.rails.onRamp(organization.slug)} variant="light">
              {t('transactions.newOnRamp')}
            </Button>
            <Button component={Link} to={paths.org.rails.offRamp(organization.slug)} variant="light">
              {t('transactions.newOffRamp')}
            </Button>
          </Group>
        ) : null}
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('common.type')}
          placeholder={t('common.all')}
          data={typeOptions}
          clearable
          value={filters.type ?? null}
          onChange={(value) => set('type', value)}
          w={150}
        />
        <Select
          label={t('common.status')}
          placeholder={t('common.all')}
          data={statusOptions}
          clearable
          value={filters.status ?? null}
          onChange={(value) => set('status', value)}
          w={190}
        />
        <Select
          label={t('common.currency')}
          placeholder={t('common.all')}
          data={CURRENCY_OPTIONS}
          clearable
          value={filters.currency ?? null}
          onChange={(value) => set('currency', value)}
          w={120}
        />
        <TextInput
          label={t('transactions.from')}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set('from', event.currentTarget.value)}
          w={160}
        />
        <TextInput
          label={t('transactions.to')}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set('to', event.currentTarget.value)}
          w={160}
        />
        <Button
          component="a"
          href={transactionsExportPath(organization.uid, filters)}
          download
          variant="default"
        >
          {t('transactions.export')}
        </Button>
      </Group>

      {list.isPending ? (
        <TransactionsSkeleton rows={size} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t('transactions.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label={t('transactions.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.date')}</Table.Th>
                <Table.Th>{t('common.type')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('common.provider')}</Table.Th>
                <Table.Th>{t('transactions.sent')}</Table.Th>
                <Table.Th>{t('transactions.received')}</Table.Th>
                <Table.Th>{t('transactions.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((transfer) => (
                <Table.Tr key={transfer.uid}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.org.rails.transaction(organization.slug, transfer.uid)}
                      size="sm"
                    >
                      {formatDate(transfer.createdAt)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`transferType.${transfer.type}`)}</Table.Td>
                  <Table.Td>
                    <TransferStatusBadge status={transfer.status} />
                  </Table.Td>
                  <Table.Td>{transfer.provider.name}</Table.Td>
                  <Table.Td ff="monospace">
                    {f.money(transfer.sourceAmount, transfer.sourceCurrency)}
                  </Table.Td>
                  <Table.Td ff="monospace">
                    {f.money(transfer.targetAmount, transfer.targetCurrency)}
                  </Table.Td>
                  <Table.Td>{transfer.wallet?.name ?? transfer.bankBeneficiary?.name ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
          >
            {t('transactions.previous')}
          </Button>
          <Text size="sm" aria-live="polite">
            {list.data
              ? t(exact ? 'transactions.pageOf' : 'transactions.pageOfAtLeast', {
                  page: f.number(page),
                  pages: f.number(pages),
                  total: f.number(list.data.total),
                })
              : t('transactions.page', { page: f.number(page) })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={exact && page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            {t('transactions.next')}
          </Button>
        </Group>
        <Select
          aria-label={t('transactions.rowsPerPage')}
          data={SIZE_OPTIONS}
          value={SIZE_OPTIONS.includes(String(size)) ? String(size) : null}
          placeholder={String(size)}
          onChange={(value) => set('size', value)}
          allowDeselect={false}
          w={90}
          size="xs"
        />
      </Group>
    </Stack>
  );
}
