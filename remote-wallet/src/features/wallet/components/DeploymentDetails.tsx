import { quorumLabel, safeViewerUrl, type TWallet } from '@dash/shared';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { WalletAddress } from '../../../components/WalletAddress';

/** The Safe's address (linked to Safe{Wallet} once deployed, off the dev chain), quorum and transaction. */
export function DeploymentDetails({ wallet }: { wallet: TWallet }) {
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
          label={deployed ? 'Wallet address' : 'Predicted address'}
          address={wallet.address}
          chain={wallet.chain}
          href={viewerUrl}
        />
      ) : null}
      {deployed && wallet.chain.isDevChain ? (
        <Text size="sm" c="dimmed">
          This wallet lives on a local dev chain (chain id {wallet.chain.id}): there is no external viewer for
          it.
        </Text>
      ) : null}
      {wallet.threshold ? (
        <Text size="sm">
          Quorum: <strong>{quorumLabel(wallet.threshold, wallet.signers.length)}</strong> signers must sign
          each transaction.
        </Text>
      ) : null}
      {txHash ? (
        wallet.deployment?.explorerUrl ? (
          <Text size="sm">
            Deployment transaction:{' '}
            <Anchor href={wallet.deployment.explorerUrl} target="_blank" rel="noopener noreferrer">
              <Code>{txHash}</Code>
            </Anchor>
          </Text>
        ) : (
          <Text size="sm">
            Deployment transaction <Code style={{ wordBreak: 'break-all' }}>{txHash}</Code>{' '}
            {wallet.chain.isDevChain ? 'on the local dev chain (no block explorer).' : null}
          </Text>
        )
      ) : null}
    </Stack>
  );
}
