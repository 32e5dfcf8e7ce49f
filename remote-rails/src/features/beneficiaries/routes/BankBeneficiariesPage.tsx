import {
  can,
  LoadFailed,
  notifyError,
  notifySuccess,
  PERMISSION_DENIED_MESSAGE,
  PIX_KEY_TYPE_LABELS,
  resolveClabe,
  type TBankBeneficiary,
  useBankBeneficiariesQuery,
  useCurrentOrganization,
  useDeleteBankBeneficiaryMutation,
  useUpdateBankBeneficiaryMutation,
} from '@dash/shared';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CounterpartiesSkeleton } from '../../counterparties/components/CounterpartiesSkeleton';
import { DeleteCounterpartyModal } from '../../counterparties/components/DeleteCounterpartyModal';
import { EditCounterpartyModal } from '../../counterparties/components/EditCounterpartyModal';
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
  const [editing, setEditing] = useState<TBankBeneficiary | null>(null);
  const [deleting, setDeleting] = useState<TBankBeneficiary | null>(null);

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
                  {canWrite ? (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing(beneficiary)}
                          aria-label={`Edit ${beneficiary.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(beneficiary)}
                          aria-label={`Delete ${beneficiary.name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
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
          <EditCounterpartyModal
            title="Edit beneficiary"
            counterparty={editing}
            saving={update.isPending}
            onClose={() => setEditing(null)}
            onSave={(change, { onError }) =>
              editing &&
              update.mutate(
                { beneficiaryUid: editing.uid, ...change },
                {
                  onSuccess: (beneficiary) => {
                    notifySuccess(`${beneficiary.name} saved`);
                    setEditing(null);
                  },
                  onError,
                },
              )
            }
          />
          <DeleteCounterpartyModal
            title="Delete beneficiary"
            name={deleting?.name ?? null}
            deleting={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.uid, {
                onSuccess: () => {
                  notifySuccess(`${deleting.name} deleted`);
                  setDeleting(null);
                },
                onError: notifyError,
              })
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
