import {
  can,
  LoadFailed,
  PageHeader,
  PagerButton,
  PlainLink,
  paths,
  preloadWindowRows,
  useCurrentOrganization,
  useFormat,
  useSearchUpdate,
  useT,
  WindowRows,
  wordIssue,
} from '@dash/shared';
import {
  FIAT_CURRENCIES,
  TRANSACTIONS_PAGE_SIZE_MAX,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TTransactionsQuery,
  transactionsExportPath,
} from '@dash/shared/api';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo } from 'react';
import type { NavigateFunction } from 'react-router';
import { useTransactionsQuery } from '../api/get-transactions';
import { TransactionRow, useRowLinks, useTransferLabels } from '../components/TransactionRow';
import { TransactionsSkeleton } from '../components/TransactionsSkeleton';
import { useTransferEvents } from '../hooks/useTransferEvents';
import { readTransactionsSearch, transactionsRangeIssue } from '../transactions-search';

const CURRENCY_OPTIONS = FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const SIZE_OPTIONS = ['10', '25', '50', String(TRANSACTIONS_PAGE_SIZE_MAX)];
/** The sizes offered, with a size from the address that is not one of them in its place (shown selected). */
const sizeOptions = (size: number) =>
  SIZE_OPTIONS.includes(String(size))
    ? SIZE_OPTIONS
    : [...SIZE_OPTIONS, String(size)].sort((a, b) => Number(a) - Number(b));
const COLUMNS = 7;
/**
 * A row's height before any row is measured (after that, WindowRows estimates the height the rows
 * measured last most often had): 41 px on one line, about 62 when the type or an amount wraps (at
 * 1280 px most rows do); a close guess keeps the page's height steady as the first rows are measured.
 */
const ROW_HEIGHT = 52;

// The rows' virtualizer is a lazy chunk of the shared package: fetched with this page's code, beside its data.
preloadWindowRows();

/** /org/{org}/rails/transactions: every on-ramp, off-ramp and deposit, newest first, filtered and paged. */
export default function TransactionsPage() {
  const { t } = useT('rails');
  const f = useFormat();
  const organization = useCurrentOrganization();
  const [search, updateSearch] = useSearchUpdate();
  const query = readTransactionsSearch(search);
  const { page, size, ...filters } = query;
  // A range that ends before it starts is not asked for (the API refuses it): its To date says so,
  // and in the list's place the page says to correct the dates. Not the last range's list: rows and
  // a total that are not those of the filters shown are worse than none for money.
  const rangeIssue = transactionsRangeIssue(filters);
  // The To date's error in the reader's language.
  const rangeError = rangeIssue ? wordIssue(rangeIssue) : undefined;
  useTransferEvents(organization.uid);
  const list = useTransactionsQuery(organization.uid, query, { enabled: rangeError === undefined });
  // The answer shown: none for a reversed range (the query, off, would still hold the last one).
  const answer = rangeError === undefined ? list.data : undefined;
  const rowLinks = useRowLinks(organization.slug);
  const labels = useTransferLabels();
  // Stable (updateSearch is), so the memoized filter bar does not re-render for a new page, size or
  // answer. Committed at once (flushSync): the next change, a key press away on a native select,
  // starts from this one's address, and the select never shows its old value in between.
  const set = useCallback(
    (key: string, value: string | null) =>
      updateSearch(
        (next) => {
          if (value) next.set(key, value);
          else next.delete(key);
          if (key !== 'page') next.delete('page');
          // "Waiting for my approval" is a status of its own: another status replaces it.
          if (key === 'status') next.delete('waitingFor');
        },
        { flushSync: true },
      ),
    [updateSearch],
  );
  // Past the count cap the total is a lower bound: "of 1000+" pages, and Next stays available.
  const exact = answer?.totalIsExact ?? true;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / size)) : 1;
  // A page past the end (an old link, a hand-typed ?page=99) goes to the last page, or to page 1 when
  // nothing matches, with the filters kept; in place (replace), so Back does not come back to it.
  // Only with an exact total: a lower bound ("of 1000+") says nothing of where the end is. The
  // answer says which page it is: while the last page loads, the empty page shown meanwhile (the
  // placeholder) is past the end too, and the skeleton stands in for both.
  const answerPages = answer ? Math.max(1, Math.ceil(answer.total / answer.size)) : 1;
  const pastTheEnd = answer?.totalIsExact === true && answer.page > answerPages;
  const goToLastPage = pastTheEnd && !list.isPlaceholderData;
  useEffect(() => {
    if (!goToLastPage) return;
    updateSearch(
      (next) => {
        if (answerPages > 1) next.set('page', String(answerPages));
        else next.delete('page');
      },
      { replace: true },
    );
  }, [goToLastPage, answerPages, updateSearch]);

  return (
    <Stack gap="md">
      <TransactionsHeader
        slug={organization.slug}
        canWrite={can(organization.role, 'rails.write')}
        navigate={rowLinks.navigate}
      />

      <TransactionsFilters
        organizationUid={organization.uid}
        type={filters.type}
        status={filters.status}
        currency={filters.currency}
        from={filters.from}
        to={filters.to}
        waitingFor={filters.waitingFor}
        rangeError={rangeError}
        canApprove={can(organization.role, 'rails.write')}
        onChange={set}
      />

      {rangeError ? (
        <Text c="dimmed">{t('transactions.correctDates')}</Text>
      ) : list.isPending || pastTheEnd ? (
        <TransactionsSkeleton rows={size} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t('transactions.empty')}</Text>
      ) : (
        // A native scroll box: the table re-renders on every page and size, and Mantine's ScrollArea
        // (about 20 components) would render again with it.
        <Table.ScrollContainer minWidth={860} type="native">
          <Table
            verticalSpacing="xs"
            aria-label={t('transactions.table')}
            aria-rowcount={list.data.data.length + 1}
          >
            <TransactionsHead />
            <Table.Tbody onClick={rowLinks.onClick}>
              {/* Only the rows in view are rendered: a 100-row page costs what a screenful costs. */}
              <WindowRows
                items={list.data.data}
                getKey={transferKey}
                columns={COLUMNS}
                estimateRowHeight={ROW_HEIGHT}
                renderRow={(transfer, row) => (
                  <TransactionRow
                    key={transfer.uid}
                    transfer={transfer}
                    index={row['data-index']}
                    measureRef={row.ref}
                    href={rowLinks.hrefOf(transfer.uid)}
                    labels={labels}
                    format={f}
                  />
                )}
              />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <TransactionsPager
        page={page}
        size={size}
        pages={pages}
        total={answer?.total}
        exact={exact}
        onChange={set}
      />
    </Stack>
  );
}

const transferKey = (transfer: { uid: string }) => transfer.uid;

// The page renders again for each new page, size and answer, and on every navigation (it reads the
// search params). Its parts that did not change are memoized on plain values, so that work is the
// rows' and not the page's few hundred Mantine components.

const TransactionsHeader = memo(function TransactionsHeader({
  slug,
  canWrite,
  navigate,
}: {
  slug: string;
  canWrite: boolean;
  /** The router's navigate: its links are PlainLinks, which do not render again on every page. */
  navigate: NavigateFunction;
}) {
  const { t } = useT('rails');
  return (
    <PageHeader
      title={t('transactions.title')}
      description={t('transactions.description')}
      actions={
        canWrite ? (
          <Group gap="xs">
            <Button
              component={PlainLink}
              to={paths.org.rails.onRamp(slug)}
              navigate={navigate}
              variant="light"
            >
              {t('transactions.newOnRamp')}
            </Button>
            <Button
              component={PlainLink}
              to={paths.org.rails.offRamp(slug)}
              navigate={navigate}
              variant="light"
            >
              {t('transactions.newOffRamp')}
            </Button>
          </Group>
        ) : null
      }
    />
  );
});

const TransactionsHead = memo(function TransactionsHead() {
  const { t } = useT('rails');
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        <Table.Th>{t('transactions.date')}</Table.Th>
        <Table.Th>{t('common.type')}</Table.Th>
        <Table.Th>{t('common.status')}</Table.Th>
        <Table.Th>{t('common.provider')}</Table.Th>
        <Table.Th>{t('transactions.sent')}</Table.Th>
        <Table.Th>{t('transactions.received')}</Table.Th>
        <Table.Th>{t('transactions.recipient')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
});

/** Previous, "Page 2 of 40" (or "of 1000+" past the count cap) and Next, and the page size. */
const TransactionsPager = memo(function TransactionsPager({
  page,
  size,
  pages,
  total,
  exact,
  onChange,
}: {
  page: number;
  size: number;
  pages: number;
  /** Undefined until the first answer. */
  total: number | undefined;
  exact: boolean;
  onChange: (key: string, value: string | null) => void;
}) {
  const { t } = useT('rails');
  const f = useFormat();
  const first = page <= 1;
  const last = exact && page >= pages;
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <PagerButton unavailable={first} onPress={() => onChange('page', String(page - 1))}>
          {t('transactions.previous')}
        </PagerButton>
        <Text size="sm" aria-live="polite">
          {total !== undefined
            ? t(exact ? 'transactions.pageOf' : 'transactions.pageOfAtLeast', {
                page: f.number(page),
                pages: f.number(pages),
                total: f.number(total),
                count: total,
              })
            : t('transactions.page', { page: f.number(page) })}
        </Text>
        <PagerButton unavailable={last} onPress={() => onChange('page', String(page + 1))}>
          {t('transactions.next')}
        </PagerButton>
      </Group>
      {/* A native select: four sizes need no searchable combobox, and the pager renders again on
          every page and size (Mantine's Select is about 50 components, its dropdown included). */}
      <Group gap="xs">
        {/* Said beside the select too: a bare "10" at the end of a table does not say what it is. */}
        <Text size="sm" c="dimmed" aria-hidden="true">
          {t('transactions.rowsPerPage')}
        </Text>
        <NativeSelect
          aria-label={t('transactions.rowsPerPage')}
          data={sizeOptions(size)}
          value={String(size)}
          onChange={(event) => onChange('size', event.currentTarget.value)}
          w={90}
          size="xs"
        />
      </Group>
    </Group>
  );
});

type TFilters = Omit<TTransactionsQuery, 'page' | 'size'>;

/**
 * The date range's message sits under the To field, out of the row's flow: in it, the field grew
 * by the message and, the row being aligned on its bottom edge, its input stood higher than the
 * others'. The row keeps the message's room below it instead.
 */
const RANGE_ERROR_SPACE = 22;
const RANGE_ERROR_STYLES = {
  root: { position: 'relative' },
  // Mantine leaves a gap under an input with an error (the wrapper's bottom margin): none here.
  wrapper: { marginBottom: 0 },
  error: { position: 'absolute', top: '100%', left: 0, marginTop: 4, whiteSpace: 'nowrap' },
} as const;

/** The filter bar and the CSV link of exactly the filtered set; memoized on the filters alone. */
const TransactionsFilters = memo(function TransactionsFilters({
  organizationUid,
  type,
  status,
  currency,
  from,
  to,
  waitingFor,
  rangeError,
  canApprove,
  onChange,
}: TFilters & {
  organizationUid: string;
  /** The contract's message (English) when the To date is before the From date. */
  rangeError: string | undefined;
  /** Admins and Editors approve off-ramps: they may list only those waiting for them. */
  canApprove: boolean;
  onChange: (key: string, value: string | null) => void;
}) {
  const { t } = useT('rails');
  // Native selects (type-ahead, the phone's own picker, no script to open): each filter's first
  // option, "All", is the empty value, which drops the filter from the address.
  const typeOptions = useMemo(
    () => [
      { value: '', label: t('common.all') },
      ...TRANSFER_TYPES.map((type) => ({ value: type, label: t(`transferType.${type}`) })),
    ],
    [t],
  );
  const statusOptions = useMemo(
    () => [
      { value: '', label: t('common.all') },
      ...TRANSFER_STATUSES.map((value) => ({ value, label: t(`transferStatus.${value}`) })),
    ],
    [t],
  );
  const currencyOptions = useMemo(() => [{ value: '', label: t('common.all') }, ...CURRENCY_OPTIONS], [t]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" pb={rangeError ? RANGE_ERROR_SPACE : undefined}>
      <NativeSelect
        label={t('common.type')}
        data={typeOptions}
        value={type ?? ''}
        onChange={(event) => onChange('type', event.currentTarget.value)}
        w={150}
      />
      <NativeSelect
        label={t('common.status')}
        data={statusOptions}
        value={status ?? ''}
        onChange={(event) => onChange('status', event.currentTarget.value)}
        w={190}
      />
      <NativeSelect
        label={t('common.currency')}
        data={currencyOptions}
        value={currency ?? ''}
        onChange={(event) => onChange('currency', event.currentTarget.value)}
        w={120}
      />
      <TextInput
        label={t('transactions.from')}
        type="date"
        value={from ?? ''}
        onChange={(event) => onChange('from', event.currentTarget.value)}
        w={160}
      />
      <TextInput
        label={t('transactions.to')}
        type="date"
        value={to ?? ''}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        error={rangeError}
        // The message goes under the field without making it taller: the filters stay on one line.
        styles={RANGE_ERROR_STYLES}
        w={160}
      />
      {/* A toggle (aria-pressed), as a filter chip: the shared Mantine set has no Checkbox. */}
      {canApprove || waitingFor ? (
        <Button
          variant={waitingFor === 'me' ? 'light' : 'default'}
          aria-pressed={waitingFor === 'me'}
          onClick={() => onChange('waitingFor', waitingFor === 'me' ? null : 'me')}
        >
          {t('transactions.waitingForMe')}
        </Button>
      ) : null}
      {/* No link for a range the API refuses: the download would be an error body. */}
      {rangeError ? (
        <Button variant="default" disabled>
          {t('transactions.export')}
        </Button>
      ) : (
        <Button
          component="a"
          href={transactionsExportPath(organizationUid, { type, status, currency, from, to, waitingFor })}
          download
          variant="default"
        >
          {t('transactions.export')}
        </Button>
      )}
    </Group>
  );
});
