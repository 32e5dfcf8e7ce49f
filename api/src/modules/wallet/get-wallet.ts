import {
  explorerTxUrl,
  networkOfChainId,
  safeViewerUrl,
  type TWallet,
  type TWalletChain,
  type TWalletNetworkDeployment,
  type TWalletSigner,
} from '@dash/shared/contracts';
import { type Address, getAddress } from 'viem';
import type { WalletContext } from './context';
import { failureCodeOf } from './failure';
import { configFor, ownersOf } from './owners';
import {
  findOwnerPeople,
  findWallet,
  listDeployments,
  listSigners,
  type OwnerPerson,
  type SignerRow,
} from './repo';
import { predictSafeAddress, WALLET_CHAINS } from './safe';

/*
 * Get the wallet: its status and chain, its signers (before the deploy request) or the owners it is
 * deployed with (after), the deployment's transaction and links, and before anything is requested
 * the address each quorum would get. Every use case that changes the wallet answers with it.
 */

function toSigner(row: SignerRow): TWalletSigner {
  return {
    uid: row.uid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    ...(row.signingDeviceUid ? { signingDeviceUid: row.signingDeviceUid } : {}),
    ...(row.ethAddress ? { ethAddress: row.ethAddress } : {}),
    status: row.ethAddress ? 'Ready' : 'Pending',
  };
}

/** An owner of a requested wallet: its current signer row, else the person records name, else the address alone. */
function toOwner(
  address: Address,
  row: SignerRow | undefined,
  person: OwnerPerson | undefined,
): TWalletSigner {
  if (row) return { ...toSigner(row), ethAddress: address, status: 'Ready' };
  return {
    ...(person
      ? {
          uid: person.uid,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
        }
      : { firstName: '', lastName: '' }),
    ethAddress: address,
    status: 'Ready',
    ...(person?.isMember ? {} : { formerMember: true }),
  };
}

/** What the API knows of a chain id: its own access's, else a known public chain's, else its id alone. */
function chainInfoOf({ chains }: WalletContext, chainId: number): TWalletChain {
  return (
    chains.of(chainId)?.info ??
    Object.values(WALLET_CHAINS).find((known) => known.id === chainId) ?? {
      id: chainId,
      name: String(chainId),
      key: 'dev',
      isDevChain: true,
    }
  );
}

type DeploymentRow = Awaited<ReturnType<typeof listDeployments>>[number];

function networkDeployment(context: WalletContext, row: DeploymentRow): TWalletNetworkDeployment[] {
  const network = networkOfChainId(row.chainId);
  if (!network) return [];
  const chain = chainInfoOf(context, row.chainId);
  const explorerUrl = row.txHash ? explorerTxUrl(chain.key, row.txHash) : undefined;
  const viewerUrl = row.status === 'deployed' ? safeViewerUrl(chain.key, row.address) : undefined;
  return [
    {
      network,
      chain,
      status: row.status,
      address: row.address,
      deployment: {
        ...(row.txHash ? { txHash: row.txHash } : {}),
        ...(explorerUrl ? { explorerUrl } : {}),
        ...(row.error ? { error: row.error, errorCode: failureCodeOf(row.error) } : {}),
        ...(row.requestedAt ? { requestedAt: row.requestedAt.toISOString() } : {}),
        ...(row.deployedAt ? { deployedAt: row.deployedAt.toISOString() } : {}),
      },
      ...(viewerUrl ? { viewerUrl } : {}),
    },
  ];
}

/** Every network the Safe is requested on (the first network first), and the ones it may go to next. */
async function networksOf(context: WalletContext, organizationUid: string, firstChainId: number | null) {
  const rows = await listDeployments(context.db, organizationUid);
  rows.sort((a, b) => Number(b.chainId === firstChainId) - Number(a.chainId === firstChainId));
  const requested = new Set(rows.map((row) => row.chainId));
  const firstDeployed = rows.some((row) => row.chainId === firstChainId && row.status === 'deployed');
  return {
    networks: rows.flatMap((row) => networkDeployment(context, row)),
    deployableNetworks: firstDeployed
      ? context.chains.list().flatMap((access) => {
          const network = networkOfChainId(access.info.id);
          return network && !requested.has(access.info.id) ? [{ network, chain: access.info }] : [];
        })
      : [],
  };
}

export async function getWallet(context: WalletContext, organizationUid: string): Promise<TWallet> {
  const { db, chain } = context;
  const [wallet, signerRows] = await Promise.all([
    findWallet(db, organizationUid),
    listSigners(db, organizationUid),
  ]);
  const status = wallet?.status ?? 'undeployed';
  // Once requested, the wallet lives on the chain it was configured for, whatever WALLET_CHAIN says now
  // (the configured chain when the ids agree: the local chain shares Arbitrum Sepolia's id).
  const walletChain =
    (wallet?.chainId &&
      wallet.chainId !== chain.info.id &&
      Object.values(WALLET_CHAINS).find((known) => known.id === wallet.chainId)) ||
    chain.info;
  const answer: TWallet = { status, chain: walletChain, signers: signerRows.map(toSigner) };
  if (wallet && status !== 'undeployed' && wallet.owners) {
    // Requested: the signers are the owners it is deployed with, members or not any more.
    const owners = wallet.owners.map((owner) => getAddress(owner));
    const rowOf = new Map(
      signerRows.flatMap((row) => (row.ethAddress ? [[getAddress(row.ethAddress), row] as const] : [])),
    );
    const unnamed = owners.filter((owner) => !rowOf.has(owner));
    const people = unnamed.length > 0 ? await findOwnerPeople(db, organizationUid, unnamed) : new Map();
    answer.signers = owners.map((owner) => toOwner(owner, rowOf.get(owner), people.get(owner)));
  }
  if (wallet && status !== 'undeployed') {
    if (wallet.address) answer.address = wallet.address;
    if (wallet.threshold !== null) answer.threshold = wallet.threshold;
    const explorerUrl = wallet.txHash ? explorerTxUrl(walletChain.key, wallet.txHash) : undefined;
    answer.deployment = {
      ...(wallet.txHash ? { txHash: wallet.txHash } : {}),
      ...(explorerUrl ? { explorerUrl } : {}),
      ...(wallet.error ? { error: wallet.error, errorCode: failureCodeOf(wallet.error) } : {}),
      ...(wallet.requestedAt ? { requestedAt: wallet.requestedAt.toISOString() } : {}),
      ...(wallet.deployedAt ? { deployedAt: wallet.deployedAt.toISOString() } : {}),
    };
    const viewerUrl =
      status === 'deployed' && wallet.address ? safeViewerUrl(walletChain.key, wallet.address) : undefined;
    if (viewerUrl) answer.viewerUrl = viewerUrl;
    Object.assign(answer, await networksOf(context, organizationUid, wallet.chainId));
  }
  if (status === 'undeployed') {
    const owners = ownersOf(signerRows);
    if ('owners' in owners) {
      answer.predictedAddresses = owners.owners.map((_, index) => ({
        threshold: index + 1,
        address: predictSafeAddress(configFor(chain, organizationUid, owners.owners, index + 1)),
      }));
    }
  }
  return answer;
}
