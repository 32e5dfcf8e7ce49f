import {
  can,
  LoadFailed,
  PERMISSION_DENIED_MESSAGE,
  PIX_KEY_TYPE_LABELS,
  type TBankBeneficiary,
  useBankBeneficiariesQuery,
  useCurrentOrganization,
  useDeleteBankBeneficiaryMutation,
  useUpdateBankBeneficiaryMutation,
} from '@dash/shared';
import { resolveClabe } from '@dash/shared/counterparty-rules';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CounterpartiesSkeleton } from '../../counterparties/components/CounterpartiesSkeleton';
import { useCounterpartyChanges } from '../../counterparties/components/CounterpartyChanges';
import { AddBankBeneficiaryModal } from '../components/AddBankBeneficiaryModal';

function AccountCell({ beneficiary }: { beneficiary: TBankBeneficiary }) {
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
      <Text size="xs" c="dimmed">
        {[bank?.name, city].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** /org/{org}/rails/bank-beneficiaries: Mexican CLABE accounts and Brazilian Pix keys. Viewers read. */
export default function BankBeneficiariesPage() {
  const organization = useCurrentOrganization();
  const canWrite = can(organization.role, 'rails.write');
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
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Bank Beneficiaries
          </Title>
          <Text c="dimmed" size="sm">
            Mexican CLABE accounts and Brazilian Pix keys you pay out to.
          </Text>
        </Stack>
        {canWrite ? <Button onClick={() => setAdding(true)}>Add beneficiary</Button> : null}
      </Group>
      {canWrite ? null : (
        <Text size="sm" c="dimmed">
          {PERMISSION_DENIED_MESSAGE['rails.write']}
        </Text>
      )}

      {beneficiaries.isPending ? (
        <CounterpartiesSkeleton rows={5} label="Loading bank beneficiaries" />
      ) : beneficiaries.isError ? (
        <LoadFailed error={beneficiaries.error} onRetry={() => beneficiaries.refetch()} />
      ) : beneficiaries.data.length === 0 ? (
        <Text c="dimmed">No bank beneficiaries yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Bank beneficiaries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th>Remark</Table.Th>
                {canWrite ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {beneficiaries.data.map((beneficiary) => (
                <Table.Tr key={beneficiary.uid}>
                  <Table.Td>
                    <Text size="sm">{beneficiary.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={beneficiary.type === 'Clabe' ? 'teal' : 'blue'}>
                      {beneficiary.type === 'Clabe'
                        ? 'CLABE'
                        : `Pix · ${PIX_KEY_TYPE_LABELS[beneficiary.pixKeyType]}`}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <AccountCell beneficiary={beneficiary} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {beneficiary.remark ?? ''}
                    </Text>
                  </Table.Td>
                  {canWrite ? <Table.Td>{rowActions(beneficiary)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {canWrite ? (
        <>
          <AddBankBeneficiaryModal
            organizationUid={organization.uid}
            opened={adding}
            onClose={() => setAdding(false)}
          />
          {modals}
        </>
      ) : null}
    </Stack>
  );
}
