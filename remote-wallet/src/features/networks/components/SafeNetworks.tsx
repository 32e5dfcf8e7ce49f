import { can, type TOrganization, useT } from '@dash/shared';
import type { TNetworkId, TWallet, TWalletNetworkDeployment } from '@dash/shared/api';
import { Anchor, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { chainName, notifyWalletError } from '../../../lib/wallet-display';
import { FailureReason } from '../../wallet/components/WalletFailed';
import { useDeployWalletNetworkMutation } from '../api/deploy-wallet-network';

const STATUS_COLOR = { deploying: 'blue', deployed: 'green', failed: 'red', undeployed: 'gray' } as const;

/**
 * Every network the Safe is on, at the same address on each (as Safe{Wallet}'s multi-chain Safes):
 * its status, address and deployment transaction; for Admins, "Deploy on <network>" for the
 * networks it may go to next and Retry where it failed. The page polls while one is deploying.
 */
export function SafeNetworks({ organization, wallet }: { organization: TOrganization; wallet: TWallet }) {
  const { t } = useT('wallet');
  const deploy = useDeployWalletNetworkMutation(organization.uid);
  const canManage = can(organization.role, 'wallet.manage');
  const networks = wallet.networks ?? [];
  const deployable = wallet.deployableNetworks ?? [];
  const deployingOn = deploy.isPending ? deploy.variables?.network : undefined;
  const request = (network: TNetworkId) =>
    deploy.mutate(
      { network, idempotencyKey: crypto.randomUUID() },
      { onError: (error) => notifyWalletError(error, t) },
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-networks">
      <Stack gap="sm">
        <Title order={3} size="h4" id="wallet-networks">
          {t('networks.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('networks.text')}
        </Text>
        <Table aria-labelledby="wallet-networks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('networks.network')}</Table.Th>
              <Table.Th>{t('networks.status')}</Table.Th>
              <Table.Th>{t('networks.deployment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {networks.map((deployment) => (
              <NetworkRow
                key={deployment.network}
                deployment={deployment}
                canManage={canManage}
                retrying={deployingOn === deployment.network}
                onRetry={() => request(deployment.network)}
              />
            ))}
          </Table.Tbody>
        </Table>
        {deployable.length > 0 ? (
          canManage ? (
            <Group gap="xs">
              {deployable.map(({ network, chain }) => (
                <Button
                  key={network}
                  variant="light"
                  loading={deployingOn === network}
                  onClick={() => request(network)}
                >
                  {t('networks.deployOn', { network: chainName(chain, t) })}
                </Button>
              ))}
            </Group>
          ) : (
            <Text size="sm">{t('networks.adminCanDeploy', { organization: organization.name })}</Text>
          )
        ) : null}
      </Stack>
    </Card>
  );
}

function NetworkRow({
  deployment,
  canManage,
  retrying,
  onRetry,
}: {
  deployment: TWalletNetworkDeployment;
  canManage: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useT('wallet');
  const name = chainName(deployment.chain, t);
  const { txHash, explorerUrl } = deployment.deployment;
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[deployment.status]} variant="light">
          {t(`networks.statuses.${deployment.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          {deployment.viewerUrl ? (
            <Anchor href={deployment.viewerUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Code style={{ wordBreak: 'break-all' }}>{deployment.address}</Code>
            </Anchor>
          ) : (
            <Code style={{ wordBreak: 'break-all' }}>{deployment.address}</Code>
          )}
          {txHash ? (
            explorerUrl ? (
              <Anchor href={explorerUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('networks.transaction')}
              </Anchor>
            ) : (
              // Shortened, the full hash as its title (the first network's is in full in the details below).
              <Text size="xs" c="dimmed" title={txHash}>
                {t('networks.transaction')}: {`${txHash.slice(0, 10)}…${txHash.slice(-8)}`}
              </Text>
            )
          ) : null}
          {deployment.status === 'failed' ? (
            <>
              <FailureReason deployment={deployment.deployment} />
              {canManage ? (
                <Button size="compact-sm" color="red" variant="light" loading={retrying} onClick={onRetry}>
                  {t('networks.retryOn', { network: name })}
                </Button>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
