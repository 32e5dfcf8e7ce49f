import {
  can,
  explorerAddressUrl,
  networkOf,
  type TRegisteredWallet,
  useCurrentOrganization,
  useDeleteRegisteredWalletMutation,
  useRegisteredWalletsQuery,
  useUpdateRegisteredWalletMutation,
} from '@dash/shared';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useCounterpartyChanges } from '../../counterparties/components/CounterpartyChanges';
import {
  type CounterpartyColumn,
  CounterpartyListPage,
} from '../../counterparties/components/CounterpartyListPage';
import { AddRegisteredWalletModal } from '../components/AddRegisteredWalletModal';

/** Spec section 2: the Registered Wallets skeleton has 10 rows. */
export const REGISTERED_WALLETS_SKELETON_ROWS = 10;

const COLUMNS: CounterpartyColumn<TRegisteredWallet>[] = [
  { header: 'Network', cell: (wallet) => <Text size="sm">{networkOf(wallet.network).name}</Text> },
  {
    header: 'Address',
    cell: (wallet) => (
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
    ),
  },
];

/** /org/{org}/rails/blockchain-wallets: the wallets stablecoins are sent to. Viewers read. */
export default function BlockchainWalletsPage() {
  const organization = useCurrentOrganization();
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
    <CounterpartyListPage
      title="Registered Wallets"
      description="Blockchain wallets your organization sends stablecoins to."
      tableLabel="Registered wallets"
      list={wallets}
      skeleton={{ rows: REGISTERED_WALLETS_SKELETON_ROWS, label: 'Loading registered wallets' }}
      emptyText="No registered wallets yet."
      columns={COLUMNS}
      canWrite={can(organization.role, 'rails.write')}
      addLabel="Register wallet"
      onAdd={() => setAdding(true)}
      rowActions={rowActions}
    >
      <AddRegisteredWalletModal
        organizationUid={organization.uid}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      {modals}
    </CounterpartyListPage>
  );
}
