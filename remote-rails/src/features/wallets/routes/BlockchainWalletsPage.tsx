import { can, type TFunction, useCurrentOrganization, useT } from '@dash/shared';
import {
  explorerAddressUrl,
  networkOf,
  type TRegisteredWallet,
  useRegisteredWalletsQuery,
} from '@dash/shared/api';
import { Anchor, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCounterpartyChanges } from '../../counterparties/components/CounterpartyChanges';
import {
  type CounterpartyColumn,
  CounterpartyListPage,
} from '../../counterparties/components/CounterpartyListPage';
import { useDeleteRegisteredWalletMutation } from '../api/delete-registered-wallet';
import { useUpdateRegisteredWalletMutation } from '../api/update-registered-wallet';
import { AddRegisteredWalletModal } from '../components/AddRegisteredWalletModal';

/** Spec section 2: the Registered Wallets skeleton has 10 rows. */
export const REGISTERED_WALLETS_SKELETON_ROWS = 10;

const columns = (t: TFunction): CounterpartyColumn<TRegisteredWallet>[] => [
  { header: t('common.network'), cell: (wallet) => <Text size="sm">{networkOf(wallet.network).name}</Text> },
  {
    header: t('common.address'),
    cell: (wallet) =>
      wallet.localChain ? (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {wallet.address}{' '}
          <Text span size="xs" c="dimmed" ff="body">
            {t('wallets.onLocalChain')}
          </Text>
        </Text>
      ) : (
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
  const { t } = useT('rails');
  const COLUMNS = useMemo(() => columns(t), [t]);
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
      title={t('wallets.title')}
      description={t('wallets.description')}
      tableLabel={t('wallets.table')}
      list={wallets}
      skeleton={{ rows: REGISTERED_WALLETS_SKELETON_ROWS, label: t('loading.registeredWallets') }}
      emptyText={t('wallets.empty')}
      columns={COLUMNS}
      canWrite={can(organization.role, 'rails.write')}
      addLabel={t('wallets.add')}
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
