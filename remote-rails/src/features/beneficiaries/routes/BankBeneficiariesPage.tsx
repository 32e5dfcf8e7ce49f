import { can, type TFunction, useCurrentOrganization, useT } from '@dash/shared';
import type { TBankBeneficiary } from '@dash/shared/api';
import { resolveClabe } from '@dash/shared/counterparty-rules';
import { Badge, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCounterpartyChanges } from '../../counterparties/components/CounterpartyChanges';
import {
  type CounterpartyColumn,
  CounterpartyListPage,
} from '../../counterparties/components/CounterpartyListPage';
import { useDeleteBankBeneficiaryMutation } from '../api/delete-bank-beneficiary';
import { useBankBeneficiariesQuery } from '../api/get-bank-beneficiaries';
import { useUpdateBankBeneficiaryMutation } from '../api/update-bank-beneficiary';
import { AddBankBeneficiaryModal } from '../components/AddBankBeneficiaryModal';

/**
 * A CLABE's city code names a plaza, which clabe-validator lists with every city it covers (up to
 * twenty in Mexico City's): the first two and how many more; the full list is the tooltip.
 */
export function plazaLabel(cities: string, t: TFunction): string {
  const names = cities.split(', ');
  return names.length <= 2
    ? cities
    : t('beneficiaries.plazaMore', { cities: names.slice(0, 2).join(', '), count: names.length - 2 });
}

function AccountCell({ beneficiary }: { beneficiary: TBankBeneficiary }) {
  const { t } = useT('rails');
  if (beneficiary.type === 'PixKey') {
    return (
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {beneficiary.pixKey}
      </Text>
    );
  }
  const { bank, city } = resolveClabe(beneficiary.bankAccountNumber);
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {beneficiary.bankAccountNumber}
      </Text>
      <Text size="xs" c="dimmed" title={city ?? undefined}>
        {[bank?.name, city ? plazaLabel(city, t) : null].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

const columns = (t: TFunction): CounterpartyColumn<TBankBeneficiary>[] => [
  {
    header: t('common.type'),
    // The badge says the rail; the Pix key's kind is its own line (a badge cuts long labels short).
    cell: (beneficiary) => (
      <Stack gap={2} align="flex-start">
        <Badge variant="light" color={beneficiary.type === 'Clabe' ? 'teal' : 'blue'}>
          {beneficiary.type === 'Clabe' ? t('beneficiaries.clabe') : t('beneficiaries.pix')}
        </Badge>
        {beneficiary.type === 'PixKey' ? (
          <Text size="xs" c="dimmed">
            {t(`pixKeyType.${beneficiary.pixKeyType}`)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { header: t('beneficiaries.account'), cell: (beneficiary) => <AccountCell beneficiary={beneficiary} /> },
];

/** /org/{org}/rails/bank-beneficiaries: Mexican CLABE accounts and Brazilian Pix keys. Viewers read. */
export default function BankBeneficiariesPage() {
  const { t } = useT('rails');
  const COLUMNS = useMemo(() => columns(t), [t]);
  const organization = useCurrentOrganization();
  const beneficiaries = useBankBeneficiariesQuery(organization.uid);
  const update = useUpdateBankBeneficiaryMutation(organization.uid);
  const remove = useDeleteBankBeneficiaryMutation(organization.uid);
  const [adding, setAdding] = useState(false);
  const { rowActions, modals } = useCounterpartyChanges<TBankBeneficiary>({
    noun: 'beneficiary',
    update: {
      isPending: update.isPending,
      mutate: ({ uid, ...change }, callbacks) => update.mutate({ beneficiaryUid: uid, ...change }, callbacks),
    },
    remove,
  });

  return (
    <CounterpartyListPage
      title={t('beneficiaries.title')}
      description={t('beneficiaries.description')}
      tableLabel={t('beneficiaries.table')}
      list={beneficiaries}
      skeleton={{ rows: 5, label: t('loading.bankBeneficiaries') }}
      emptyText={t('beneficiaries.empty')}
      columns={COLUMNS}
      canWrite={can(organization.role, 'rails.write')}
      addLabel={t('beneficiaries.add')}
      onAdd={() => setAdding(true)}
      rowActions={rowActions}
    >
      <AddBankBeneficiaryModal
        organizationUid={organization.uid}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      {modals}
    </CounterpartyListPage>
  );
}
