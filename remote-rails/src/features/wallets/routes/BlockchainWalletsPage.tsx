import {
  can,
  explorerAddressUrl,
  LoadFailed,
  networkOf,
  PERMISSION_DENIED_MESSAGE,
  type TRegisteredWallet,
  useCurrentOrganization,
  useDeleteRegisteredWalletMutation,
  useRegisteredWalletsQuery,
  useUpdateRegisteredWalletMutation,
} from '@dash/shared';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CounterpartiesSkeleton } from '../../counterparties/components/CounterpartiesSkeleton';
import { useCounterpartyChanges } from '../../counterparties/components/CounterpartyChanges';
import { AddRegisteredWalletModal } from '../components/AddRegisteredWalletModal';

/** Spec section 2: the Registered Wallets skeleton has 10 rows. */
export const REGISTERED_WALLETS_SKELETON_ROWS = 10;

/** /org/{org}/rails/blockchain-wallets: the wallets stablecoins are sent to. Viewers read. */
export default function BlockchainWalletsPage() {
  const organization = useCurrentOrganization();
  const canWrite = can(organization.role, 'rails.write');
  const wallets = useRegisteredWalletsQuery(organization.uid);
  const update = useUpdateRegisteredWalletMutation(organization.uid);
  const remove = useDeleteRegisteredWalletMutation(organization.uid);
  const [adding, setAdding] = useState(false);
  const { rowActions, modals } = useCounterpartyChanges<TRegisteredWallet>({
    noun: 'wallet',
    update: {
      isPending: update.isPending,
      mutate: ({ uid, ...change }, callbacks) => update.mutate({ walletUid: uid, ...change }, callbacks),
    },
    remove,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Registered Wallets
          </Title>
          <Text c="dimmed" size="sm">
            Blockchain wallets your organization sends stablecoins to.
          </Text>
        </Stack>
        {canWrite ? <Button onClick={() => setAdding(true)}>Register wallet</Button> : null}
      </Group>
      {canWrite ? null : (
        <Text size="sm" c="dimmed">
          {PERMISSION_DENIED_MESSAGE['rails.write']}
        </Text>
      )}

      {wallets.isPending ? (
        <CounterpartiesSkeleton rows={REGISTERED_WALLETS_SKELETON_ROWS} label="Loading registered wallets" />
      ) : wallets.isError ? (
        <LoadFailed error={wallets.error} onRetry={() => wallets.refetch()} />
      ) : wallets.data.length === 0 ? (
        <Text c="dimmed">No registered wallets yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Registered wallets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Network</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Remark</Table.Th>
                {canWrite ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wallets.data.map((wallet) => (
                <Table.Tr key={wallet.uid}>
                  <Table.Td>
                    <Text size="sm">{wallet.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{networkOf(wallet.network).name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={explorerAddressUrl(wallet.network, wallet.address)}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      ff="monospace"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {wallet.address}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {wallet.remark ?? ''}
                    </Text>
                  </Table.Td>
                  {canWrite ? <Table.Td>{rowActions(wallet)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {canWrite ? (
        <>
          <AddRegisteredWalletModal
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
