import {
  can,
  FIAT_CURRENCIES,
  LoadFailed,
  paths,
  TRANSACTIONS_PAGE_SIZE_MAX,
  TRANSFER_STATUS_LABELS,
  TRANSFER_STATUSES,
  TRANSFER_TYPE_LABELS,
  TRANSFER_TYPES,
  type TTransactionsQuery,
  transactionsExportPath,
  useCurrentOrganization,
  useTransactionsQuery,
} from '@dash/shared';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TransactionRow } from '../components/TransactionRow';
import { TransactionsSkeleton } from '../components/TransactionsSkeleton';
import { useTransferEvents } from '../hooks/useTransferEvents';
import { readTransactionsSearch } from '../transactions-search';

const TYPE_OPTIONS = TRANSFER_TYPES.map((type) => ({ value: type, label: TRANSFER_TYPE_LABELS[type] }));
const STATUS_OPTIONS = TRANSFER_STATUSES.map((status) => ({
  value: status,
  label: TRANSFER_STATUS_LABELS[status],
}));
const CURRENCY_OPTIONS = FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const SIZE_OPTIONS = ['10', '25', '50', String(TRANSACTIONS_PAGE_SIZE_MAX)];

/** /org/{org}/rails/transactions: every on-ramp, off-ramp and deposit, newest first, filtered and paged. */
export default function TransactionsPage() {
  const organization = useCurrentOrganization();
  const [search, setSearch] = useSearchParams();
  const query = readTransactionsSearch(search);
  useTransferEvents(organization.uid);
  const list = useTransactionsQuery(organization.uid, query);
  const { page, size, ...filters } = query;
  // Stable, so the memoized filter bar does not re-render for a new page, size or answer.
  const setSearchRef = useRef(setSearch);
  setSearchRef.current = setSearch;
  const set = useCallback((key: string, value: string | null) => {
    setSearchRef.current((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });
  }, []);
  // Past the count cap the total is a lower bound: "of 1000+" pages, and Next stays available.
  const exact = list.data?.totalIsExact ?? true;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / size)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Transactions
          </Title>
          <Text c="dimmed" size="sm">
            Your organization's on-ramps, off-ramps and deposits, newest first.
          </Text>
        </Stack>
        {can(organization.role, 'rails.write') ? (
          <Group gap="xs">
            <Button component={Link} to={paths.org.rails.onRamp(organization.slug)} variant="light">
              New on-ramp
            </Button>
            <Button component={Link} to={paths.org.rails.offRamp(organization.slug)} variant="light">
              New off-ramp
            </Button>
          </Group>
        ) : null}
      </Group>

      <TransactionsFilters
        organizationUid={organization.uid}
        type={filters.type}
        status={filters.status}
        currency={filters.currency}
        from={filters.from}
        to={filters.to}
        onChange={set}
      />

      {list.isPending ? (
        <TransactionsSkeleton rows={size} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">No transactions match.</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label="Transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((transfer) => (
                <TransactionRow key={transfer.uid} transfer={transfer} organizationSlug={organization.slug} />
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
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            Page {page}
            {list.data
              ? ` of ${pages}${exact ? '' : '+'} (${list.data.total}${exact ? '' : '+'} transactions)`
              : ''}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={exact && page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            Next page
          </Button>
        </Group>
        <Select
          aria-label="Rows per page"
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

type TFilters = Omit<TTransactionsQuery, 'page' | 'size'>;

/** The filter bar and the CSV link of exactly the filtered set; memoized on the filters alone. */
const TransactionsFilters = memo(function TransactionsFilters({
  organizationUid,
  type,
  status,
  currency,
  from,
  to,
  onChange,
}: TFilters & { organizationUid: string; onChange: (key: string, value: string | null) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Type"
        placeholder="All"
        data={TYPE_OPTIONS}
        clearable
        value={type ?? null}
        onChange={(value) => onChange('type', value)}
        w={150}
      />
      <Select
        label="Status"
        placeholder="All"
        data={STATUS_OPTIONS}
        clearable
        value={status ?? null}
        onChange={(value) => onChange('status', value)}
        w={190}
      />
      <Select
        label="Currency"
        placeholder="All"
        data={CURRENCY_OPTIONS}
        clearable
        value={currency ?? null}
        onChange={(value) => onChange('currency', value)}
        w={120}
      />
      <TextInput
        label="From"
        type="date"
        value={from ?? ''}
        onChange={(event) => onChange('from', event.currentTarget.value)}
        w={160}
      />
      <TextInput
        label="To"
        type="date"
        value={to ?? ''}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        w={160}
      />
      <Button
        component="a"
        href={transactionsExportPath(organizationUid, { type, status, currency, from, to })}
        download
        variant="default"
      >
        Export CSV
      </Button>
    </Group>
  );
});
