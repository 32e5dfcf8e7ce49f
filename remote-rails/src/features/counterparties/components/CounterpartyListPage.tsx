import { LoadFailed, PageHeader, useT, visuallyHidden } from '@dash/shared';
import { Button, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CounterpartiesSkeleton } from './CounterpartiesSkeleton';

export interface CounterpartyColumn<T> {
  header: string;
  cell: (counterparty: T) => ReactNode;
}

interface CounterpartyListPageProps<T extends { uid: string; name: string; remark: string | null }> {
  title: string;
  description: string;
  /** The list's accessible name. */
  tableLabel: string;
  list: UseQueryResult<T[]>;
  skeleton: { rows: number; label: string };
  emptyText: string;
  /** Columns between Name and Remark. */
  columns: CounterpartyColumn<T>[];
  /** Admins and Editors change the list; Viewers read, told why they see no control. */
  canWrite: boolean;
  addLabel: string;
  onAdd: () => void;
  rowActions: (counterparty: T) => ReactNode;
  /** The add, edit and delete modals (rendered only for those who may write). */
  children: ReactNode;
}

/** The page of a counterparty list: title, Add, loading skeleton, failure, empty state and the table. */
export function CounterpartyListPage<T extends { uid: string; name: string; remark: string | null }>(
  props: CounterpartyListPageProps<T>,
) {
  const { t } = useT('rails');
  const { list, canWrite } = props;
  return (
    <Stack gap="md">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={canWrite ? <Button onClick={props.onAdd}>{props.addLabel}</Button> : null}
      />
      {canWrite ? null : (
        <Text size="sm" c="dimmed">
          {t('common.writeDenied')}
        </Text>
      )}

      {list.isPending ? (
        <CounterpartiesSkeleton rows={props.skeleton.rows} label={props.skeleton.label} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{props.emptyText}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={props.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                {props.columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                <Table.Th>{t('common.remark')}</Table.Th>
                {canWrite ? (
                  <Table.Th>
                    <span style={visuallyHidden}>{t('common.actions')}</span>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((counterparty) => (
                <Table.Tr key={counterparty.uid}>
                  <Table.Td>
                    <Text size="sm">{counterparty.name}</Text>
                  </Table.Td>
                  {props.columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(counterparty)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {counterparty.remark ?? ''}
                    </Text>
                  </Table.Td>
                  {canWrite ? <Table.Td>{props.rowActions(counterparty)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {canWrite ? props.children : null}
    </Stack>
  );
}
