import { Trans, useT } from '@dash/shared';
import { safeViewerUrl, type TWallet } from '@dash/shared/api';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { WalletAddress } from '../../../components/WalletAddress';
import { quorumText } from '../../../lib/wallet-display';

/** The Safe's address (linked to Safe{Wallet} once deployed, off the dev chain), quorum and transaction. */
export function DeploymentDetails({ wallet }: { wallet: TWallet }) {
  const { t } = useT('wallet');
  const deployed = wallet.status === 'deployed';
  const viewerUrl =
    deployed && wallet.address
      ? (wallet.viewerUrl ?? safeViewerUrl(wallet.chain.key, wallet.address))
      : undefined;
  const txHash = wallet.deployment?.txHash;
  return (
    <Stack gap="sm">
      {wallet.address ? (
        <WalletAddress
          label={deployed ? t('address.wallet') : t('address.predicted')}
          address={wallet.address}
          chain={wallet.chain}
          href={viewerUrl}
        />
      ) : null}
      {deployed && wallet.chain.isDevChain ? (
        <Text size="sm" c="dimmed">
          {t('details.devChainNoViewer', { id: wallet.chain.id })}
        </Text>
      ) : null}
      {wallet.threshold ? (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="details.quorum"
            values={{ quorum: quorumText(wallet.threshold, wallet.signers.length, t) }}
            components={{ strong: <strong /> }}
          />
        </Text>
      ) : null}
      {txHash ? (
        wallet.deployment?.explorerUrl ? (
          <Text size="sm">
            {t('details.deploymentTx')}{' '}
            <Anchor href={wallet.deployment.explorerUrl} target="_blank" rel="noopener noreferrer">
              <Code>{txHash}</Code>
            </Anchor>
          </Text>
        ) : (
          <Text size="sm">
            {t('details.deploymentTxPlain')} <Code style={{ wordBreak: 'break-all' }}>{txHash}</Code>{' '}
            {wallet.chain.isDevChain ? t('details.onDevChainNoExplorer') : null}
          </Text>
        )
      ) : null}
    </Stack>
  );
}
