import { coded, deferred, english, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { NETWORK_IDS, ZNetworkId } from './network-ids';
import { findNetwork } from './networks';

// Here and not beside the signing-device address rule that uses them: that module needs viem, and the
// wallet's UI needs only these (viem would add 4 KiB to its first load).
export const SAFE_RESERVED_ADDRESS_MESSAGE = english('messages.safeReservedAddress');
/** Safe's SENTINEL_OWNERS (address 1): the head of its owner list, refused as an owner by setup. */
export const SAFE_SENTINEL_ADDRESS = '0x0000000000000000000000000000000000000001';

/**
 * The organization's multi-signature wallet: a Safe v1.4.1 whose owners are the signers' signing
 * device addresses (spec sections 2, 3, 4, 5 and 7). Every wallet call is organization-scoped
 * (x-organization-uid header), under /api/v0:
 *
 * | Call | Who | Body | Answer |
 * |---|---|---|---|
 * | GET wallet | every member (wallet.read) | | 200 {data: TWallet} |
 * | POST wallet/signer/propose | Admins (wallet.manage) | {userUid} | 201 {data: TWallet} |
 * | DELETE wallet/signer/{userUid} | Admins, before deploy is requested | | 204 |
 * | POST wallet/signer/signing-device | the signer themself (wallet.read), also to replace theirs, before deploy is requested | {signingDeviceUid} | 200 {data: TWallet} |
 * | POST wallet/deploy | Admins | {threshold, owners?} | 202 {data: TWallet} (deploying) |
 * | POST wallet/deploy/retry | Admins, status failed | none | 202 {data: TWallet} (deploying, same address) |
 * | POST wallet/deployments + Idempotency-Key | Admins, once deployed on its first network | {network} | 202 {data: TWallet} (that network deploying, same address; a failed one is retried) |
 */

/** GET wallet is polled this often, and only while the wallet is deploying (spec section 9). */
export const WALLET_POLL_INTERVAL_MS = 5000;
/** After this long in deploying, the page tells the user to contact support (spec section 9). */
export const WALLET_DEPLOY_SUPPORT_HINT_MS = 10 * 60 * 1000;

export const WALLET_STATUSES = ['undeployed', 'deploying', 'deployed', 'failed'] as const;
export const ZWalletStatus = deferred(() => z.enum(WALLET_STATUSES));
export type TWalletStatus = z.infer<typeof ZWalletStatus>;

export const SIGNER_STATUSES = ['Pending', 'Ready'] as const;
export const ZSignerStatus = deferred(() => z.enum(SIGNER_STATUSES));
export type TSignerStatus = z.infer<typeof ZSignerStatus>;

/** Where the wallet lives: the local dev chain (default) or Arbitrum (WALLET_CHAIN). */
export const WALLET_CHAIN_KEYS = ['dev', 'arbitrum-one', 'arbitrum-sepolia'] as const;
export const ZWalletChainKey = deferred(() => z.enum(WALLET_CHAIN_KEYS));
export type TWalletChainKey = z.infer<typeof ZWalletChainKey>;

/** A wallet chain's key: WALLET_CHAIN's, or a network id (a WALLET_NETWORKS network the Safe may also be on). */
export const ZWalletChainRef = deferred(() => z.enum(['dev', ...NETWORK_IDS] as const));
export type TWalletChainRef = z.infer<typeof ZWalletChainRef>;

export const ZWalletChain = deferred(() =>
  z.object({
    /** EIP-155 chain id (42161 Arbitrum One, 421614 Arbitrum Sepolia, 1337 the dev chain). */
    id: z.number().int().positive(),
    name: z.string(),
    key: ZWalletChainRef,
    isDevChain: z.boolean(),
  }),
);
export type TWalletChain = z.infer<typeof ZWalletChain>;

/**
 * A signer. While undeployed: a proposed signer (a member). Once deploy was requested (deploying,
 * deployed, failed): one owner of the Safe, in the owner order the wallet was requested with, whoever
 * has left the organization since.
 */
export const ZWalletSigner = deferred(() =>
  z.object({
    /**
     * The signer's user uid (the same uid as in organization/users; DELETE wallet/signer/{uid} removes
     * it). Absent only for an owner of a requested wallet whom no record names (an address alone).
     */
    uid: ZUid.optional(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().optional(),
    /** The chosen signing device's address (EIP-55); absent while Pending. */
    ethAddress: z.string().optional(),
    signingDeviceUid: ZUid.optional(),
    /** Pending until a signing device is set, then Ready. */
    status: ZSignerStatus,
    /**
     * True for an owner of the requested wallet who is no longer a member of the organization: their
     * address still signs for the Safe on chain.
     */
    formerMember: z.boolean().optional(),
  }),
);
export type TWalletSigner = z.infer<typeof ZWalletSigner>;

/**
 * Why a deployment failed: the chain refused it (simulation reverted), its transaction reverted or
 * was replaced, it could not be sent (the chain unreachable), the contract found at the address is
 * not the requested Safe, the API now uses another chain, or (older records) not known.
 */
export const WALLET_FAILURE_CODES = [
  'rejected',
  'reverted',
  'replaced',
  'not_sent',
  'other_contract',
  'wrong_chain',
  'unknown',
] as const;
export const ZWalletFailureCode = deferred(() => z.enum(WALLET_FAILURE_CODES));
export type TWalletFailureCode = z.infer<typeof ZWalletFailureCode>;

export const ZWalletDeployment = deferred(() =>
  z.object({
    /** The createProxyWithNonce transaction; absent until it is sent (and when the Safe was already there). */
    txHash: z.string().optional(),
    /** Block-explorer link for txHash; absent on the dev chain. */
    explorerUrl: z.string().optional(),
    /** Why the last attempt failed (status failed only), as the chain or the API worded it (English). */
    error: z.string().optional(),
    /** What kind of failure `error` is, to say in the reader's language (status failed only). */
    errorCode: ZWalletFailureCode.optional(),
    requestedAt: ZIsoDateTime.optional(),
    deployedAt: ZIsoDateTime.optional(),
  }),
);
export type TWalletDeployment = z.infer<typeof ZWalletDeployment>;

/** The address the Safe gets for one quorum, with the current signers (undeployed wallets only). */
export const ZWalletPrediction = deferred(() =>
  z.object({
    threshold: z.number().int().positive(),
    address: z.string(),
  }),
);
export type TWalletPrediction = z.infer<typeof ZWalletPrediction>;

/**
 * The Safe on one network: the same configuration, so the same address, on each (as Safe{Wallet}'s
 * multi-chain Safes). The first is the one the deploy request chose; each next one "Deploy on
 * <network>" (POST wallet/deployments).
 */
export const ZWalletNetworkDeployment = deferred(() =>
  z.object({
    network: ZNetworkId,
    chain: ZWalletChain,
    status: ZWalletStatus,
    address: z.string(),
    deployment: ZWalletDeployment,
    /** Safe{Wallet} link for the deployed address; absent on the dev chains. */
    viewerUrl: z.string().optional(),
  }),
);
export type TWalletNetworkDeployment = z.infer<typeof ZWalletNetworkDeployment>;

/** A network the Safe can still be deployed on (not requested there yet). */
export const ZWalletDeployableNetwork = deferred(() =>
  z.object({ network: ZNetworkId, chain: ZWalletChain }),
);
export type TWalletDeployableNetwork = z.infer<typeof ZWalletDeployableNetwork>;

export const ZWallet = deferred(() =>
  z.object({
    /** The Safe on its first network (the one the deploy request chose). */
    status: ZWalletStatus,
    /**
     * The Safe's address (EIP-55). Known (predicted) from the moment deploy is requested, before any
     * transaction is sent, and never changes after that.
     */
    address: z.string().optional(),
    chain: ZWalletChain,
    /** The quorum chosen at deploy (absent while undeployed). */
    threshold: z.number().int().positive().optional(),
    signers: z.array(ZWalletSigner),
    deployment: ZWalletDeployment.optional(),
    /**
     * While undeployed and every signer is Ready: the predicted address for each possible quorum
     * 1..n, so the Deploy form can show the address the selected quorum will get.
     */
    predictedAddresses: z.array(ZWalletPrediction).optional(),
    /** Safe{Wallet} link for the deployed address; absent on the dev chain. */
    viewerUrl: z.string().optional(),
    /** Every network the Safe was requested on, the first network first (empty while undeployed). */
    networks: z.array(ZWalletNetworkDeployment).optional(),
    /**
     * The networks an Admin may deploy it on next, once it is deployed on its first: the API's other
     * networks it was not requested on (on a public chain, none unless configured).
     */
    deployableNetworks: z.array(ZWalletDeployableNetwork).optional(),
  }),
);
export type TWallet = z.infer<typeof ZWallet>;

export const ZWalletResponse = deferred(() => z.object({ data: ZWallet }));
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

export const SIGNER_USER_REQUIRED = english('messages.chooseUser');
export const SIGNING_DEVICE_REQUIRED = english('messages.chooseSigningDevice');
export const QUORUM_INVALID = english('messages.chooseQuorum');

/** POST wallet/signer/propose (Admins). Answers 201 with the wallet. */
export const ZProposeWalletSignerRequest = deferred(() =>
  z.strictObject({
    userUid: z.string(coded('messages.chooseUser')).min(1, coded('messages.chooseUser')).pipe(ZUid),
  }),
);
export type TProposeWalletSignerRequest = z.infer<typeof ZProposeWalletSignerRequest>;

/**
 * POST wallet/signer/signing-device (the signer themself, with one of their devices; it replaces the
 * one they set before, until deploy is requested). Refused (409) when another signer of the wallet
 * already uses the device's address. Answers 200 with the wallet.
 */
export const ZSetWalletSigningDeviceRequest = deferred(() =>
  z.strictObject({
    signingDeviceUid: z
      .string(coded('messages.chooseSigningDevice'))
      .min(1, coded('messages.chooseSigningDevice'))
      .pipe(ZUid),
  }),
);
export type TSetWalletSigningDeviceRequest = z.infer<typeof ZSetWalletSigningDeviceRequest>;

/**
 * POST wallet/deploy (Admins): an integer quorum above 0; the API also checks it is at most the
 * number of signers. `owners` are the signers' addresses, in order, as the Admin saw them when
 * confirming: when the signers changed since, the API answers 409 (fields.owners) and deploys
 * nothing. The dashboard always sends them; a caller that leaves them out deploys the current
 * signers. Answers 202 with the wallet (status deploying).
 */
export const ZDeployWalletRequest = deferred(() =>
  z.strictObject({
    threshold: z
      .number(coded('messages.chooseQuorum'))
      .int(coded('messages.chooseQuorum'))
      .min(1, coded('messages.chooseQuorum')),
    owners: z.array(z.string().max(64)).max(100).optional(),
  }),
);
export type TDeployWalletRequest = z.infer<typeof ZDeployWalletRequest>;

/**
 * POST wallet/deployments (Admins, Idempotency-Key): the Safe on another network, at the same
 * address, once it is deployed on its first. Refused: not deployed yet (409), already deploying or
 * deployed there (409), a network this API cannot deploy on (400, fields.network). A failed
 * deployment there is retried. Answers 202 with the wallet.
 */
export const ZDeployWalletNetworkRequest = deferred(() => z.strictObject({ network: ZNetworkId }));
export type TDeployWalletNetworkRequest = z.infer<typeof ZDeployWalletNetworkRequest>;

/** DELETE wallet/signer/{userUid} (Admins, before deployment): answers 204. */
export const ZWalletSignerParams = deferred(() => z.strictObject({ userUid: ZUid }));

/** The quorum options the Deploy form offers: 1..n (spec section 5). */
export function quorumOptions(signerCount: number): number[] {
  return Array.from({ length: Math.max(0, signerCount) }, (_, index) => index + 1);
}

/** "k out of n", as the Deploy form shows a quorum. */
export function quorumLabel(threshold: number, signerCount: number): string {
  return `${threshold} out of ${signerCount}`;
}

// Rule messages the API answers with (4xx, API error shape).
export const WALLET_SIGNER_NOT_MEMBER_MESSAGE = english('messages.notAUser');
export const WALLET_SIGNER_DUPLICATE_MESSAGE = english('messages.alreadySigner');
export const WALLET_SIGNER_NOT_FOUND_MESSAGE = english('messages.notASigner');
export const WALLET_NOT_A_SIGNER_MESSAGE = english('messages.signingDeviceSignersOnly');
export const WALLET_DEVICE_NOT_YOURS_MESSAGE = english('messages.chooseOwnSigningDevice');
/**
 * POST wallet/signer/signing-device (409, on signingDeviceUid): the device's address is already the
 * address of another signer of the wallet, and a Safe cannot have one owner twice.
 */
export const WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE = english('messages.walletSignerAddressTaken');
export const WALLET_NO_SIGNERS_MESSAGE = english('messages.signersRequired');
export const WALLET_SIGNERS_NOT_READY_MESSAGE = english('messages.signingDevicesRequired');
export const WALLET_DUPLICATE_OWNER_MESSAGE = english('messages.signingDeviceShared');
export const WALLET_INVALID_OWNER_MESSAGE = english('messages.zeroAddress');
export const WALLET_SIGNERS_CHANGED_MESSAGE = english('messages.walletSignersChanged');
export const WALLET_LOCKED_MESSAGE = english('messages.signersLockedDeploymentRequested');
export const WALLET_DEPLOYED_MESSAGE = english('messages.walletDeployed');
export const WALLET_DEPLOY_IN_FLIGHT_MESSAGE = english('messages.walletDeploying');
export const WALLET_RETRY_NOT_FAILED_MESSAGE = english('messages.deploymentRetryFailedOnly');
export const WALLET_NOT_DEPLOYED_YET_MESSAGE = english('messages.walletNotDeployedYet');
export const WALLET_ON_NETWORK_MESSAGE = english('messages.walletOnNetwork');
export const WALLET_NETWORK_IN_FLIGHT_MESSAGE = english('messages.walletNetworkDeploying');
export const WALLET_NETWORK_UNAVAILABLE_MESSAGE = english('messages.walletNetworkUnavailable');

/** Safe{Wallet}'s EIP-3770 short names of the chains it is offered on here (none: no link). */
const SAFE_VIEWER_PREFIX: Partial<Record<TWalletChainRef, string>> = {
  'arbitrum-one': 'arb1',
  'arbitrum-sepolia': 'arb-sep',
  ethereum: 'eth',
  polygon: 'matic',
  base: 'base',
  gnosis: 'gno',
};

/** Safe{Wallet}'s page for a Safe, e.g. https://app.safe.global/home?safe=arb1:0x...; none for the dev chain. */
export function safeViewerUrl(chain: TWalletChainRef, address: string): string | undefined {
  const prefix = SAFE_VIEWER_PREFIX[chain];
  return prefix ? `https://app.safe.global/home?safe=${prefix}:${address}` : undefined;
}

/** The block explorer's page for a transaction (the network's, networks.ts); none for the dev chain. */
export function explorerTxUrl(chain: TWalletChainRef, txHash: string): string | undefined {
  const network = chain === 'dev' ? undefined : findNetwork(chain);
  return network ? `${network.explorerTxPrefix}${txHash}` : undefined;
}
