import type { TNetworkId, TOrganization, TUser } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { WalletChains } from './chain';
import type { WalletContext, WalletTiming } from './context';
import { getWallet } from './get-wallet';
import { proposeSigner } from './propose-signer';
import { removeSigner } from './remove-signer';
import { type DeployRequest, requestDeploy } from './request-deploy';
import { requestNetworkDeploy } from './request-network-deploy';
import { retryDeploy } from './retry-deploy';
import { deployJob } from './run-deploy-job';
import { setSigningDevice } from './set-signing-device';

export type { WalletTiming } from './context';
export { WALLET_DEPLOY_JOB } from './deploy-attempt';

export type WalletService = ReturnType<typeof createWalletService>;

/**
 * The organization's Safe: signers (rules in section 5 of the spec), the deploy request, and the
 * durable deploy job that sends createProxyWithNonce from the relayer and follows it to the end.
 * Each use case is a file of its own taking the wallet's context; this wires them into the object
 * the routes call and the job runner registers.
 */
export function createWalletService({
  db,
  chains,
  wake,
  timing = { receiptWaitMs: 3_000, receiptPollMs: chains.home.info.isDevChain ? 500 : 3_000 },
}: {
  db: Database;
  chains: WalletChains;
  /** Starts the job runner looking for the job just committed. */
  wake: () => void;
  timing?: WalletTiming;
}) {
  const context: WalletContext = { db, chain: chains.home, chains, wake, timing };
  return {
    deployJob: deployJob(context),
    get: (organization: TOrganization) => getWallet(context, organization.uid),
    proposeSigner: (organization: TOrganization, actor: TUser, userUid: string) =>
      proposeSigner(context, organization, actor, userUid),
    removeSigner: (organization: TOrganization, actor: TUser, userUid: string) =>
      removeSigner(context, organization, actor, userUid),
    setSigningDevice: (organization: TOrganization, user: TUser, signingDeviceUid: string) =>
      setSigningDevice(context, organization, user, signingDeviceUid),
    deploy: (organization: TOrganization, actor: TUser, request: DeployRequest) =>
      requestDeploy(context, organization, actor, request),
    retry: (organization: TOrganization, actor: TUser) => retryDeploy(context, organization, actor),
    deployOnNetwork: (tx: Database, organization: TOrganization, actor: TUser, network: TNetworkId) =>
      requestNetworkDeploy({ ...context, db: tx }, organization, actor, network),
  };
}
