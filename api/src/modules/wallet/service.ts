import {
  explorerTxUrl,
  QUORUM_INVALID,
  SAFE_RESERVED_ADDRESS_MESSAGE,
  SAFE_SENTINEL_ADDRESS,
  safeViewerUrl,
  type TOrganization,
  type TUser,
  type TWallet,
  type TWalletSigner,
  WALLET_DEPLOY_IN_FLIGHT_MESSAGE,
  WALLET_DEPLOYED_MESSAGE,
  WALLET_DEVICE_NOT_YOURS_MESSAGE,
  WALLET_DUPLICATE_OWNER_MESSAGE,
  WALLET_INVALID_OWNER_MESSAGE,
  WALLET_LOCKED_MESSAGE,
  WALLET_NO_SIGNERS_MESSAGE,
  WALLET_NOT_A_SIGNER_MESSAGE,
  WALLET_RETRY_NOT_FAILED_MESSAGE,
  WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE,
  WALLET_SIGNER_DUPLICATE_MESSAGE,
  WALLET_SIGNER_NOT_FOUND_MESSAGE,
  WALLET_SIGNER_NOT_MEMBER_MESSAGE,
  WALLET_SIGNERS_CHANGED_MESSAGE,
  WALLET_SIGNERS_NOT_READY_MESSAGE,
  ZUid,
} from '@dash/shared/contracts';
import { TransactionRollbackError } from 'drizzle-orm';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { z } from 'zod';
import { recordAudit, userActor } from '../../audit/audit';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { enqueueJob, type JobContext, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { findOrganizationUser } from '../members/repo';
import { findSigningDevice } from '../signing-devices/repo';
import { DeploymentRejectedError, describeChainError, type WalletChainAccess } from './chain';
import { failureCodeOf, failureReason } from './failure';
import {
  deleteSigner,
  findOwnerPeople,
  findWallet,
  insertSigner,
  listSigners,
  lockWallet,
  type OwnerPerson,
  recordDeploymentTransaction,
  type SignerRow,
  setSignerDevice,
  takeRelayerNonce,
  updateWallet,
  type WalletPatch,
  type WalletRow,
} from './repo';
import { predictSafeAddress, type SafeDeploymentConfig, saltNonceFor, WALLET_CHAINS } from './safe';

export const WALLET_DEPLOY_JOB = 'wallet.deploy';
const ZDeployJobPayload = z.object({ organizationUid: ZUid, attempt: z.number().int().positive() });
type DeployJobPayload = z.infer<typeof ZDeployJobPayload>;

export interface WalletTiming {
  /** How long one job run waits for a receipt after sending before it reschedules itself. */
  receiptWaitMs: number;
  /** How often a pending transaction is looked at again (a RescheduleJob, never a failure). */
  receiptPollMs: number;
}

/** The organization's one wallet: its audit rows name the organization as the subject. */
const SUBJECT = 'wallet';

export type WalletService = ReturnType<typeof createWalletService>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** A rule the signers break, as a 4xx on `owners` (the form shows the message as it is). */
const ownersProblem = (code: 'CONFLICT' | 'VALIDATION', message: string) =>
  new AppError(code, message, { owners: message });

/**
 * The owners a deployment would get, in proposal order, or the rule they break: at least one
 * signer, every signer Ready, no address twice, none Safe refuses (zero, sentinel).
 */
function ownersOf(signers: SignerRow[]): { owners: Address[] } | { problem: AppError } {
  if (signers.length === 0) return { problem: new AppError('CONFLICT', WALLET_NO_SIGNERS_MESSAGE) };
  if (signers.some((signer) => !signer.ethAddress)) {
    return { problem: new AppError('CONFLICT', WALLET_SIGNERS_NOT_READY_MESSAGE) };
  }
  const owners = signers.map((signer) => getAddress(signer.ethAddress as string));
  if (owners.some((owner) => owner === zeroAddress)) {
    return { problem: ownersProblem('VALIDATION', WALLET_INVALID_OWNER_MESSAGE) };
  }
  if (owners.some((owner) => owner === getAddress(SAFE_SENTINEL_ADDRESS))) {
    return { problem: ownersProblem('VALIDATION', SAFE_RESERVED_ADDRESS_MESSAGE) };
  }
  if (new Set(owners).size !== owners.length) {
    return { problem: ownersProblem('VALIDATION', WALLET_DUPLICATE_OWNER_MESSAGE) };
  }
  return { owners };
}

/** The owners the Admin confirmed are the signers' addresses now (same addresses, same order). */
function sameOwners(confirmed: string[], signers: SignerRow[]): boolean {
  return (
    confirmed.length === signers.length &&
    confirmed.every((address, index) => address.toLowerCase() === signers[index]?.ethAddress?.toLowerCase())
  );
}

/** The configuration stored with the wallet: what every attempt deploys. */
function storedConfig(wallet: WalletRow): SafeDeploymentConfig {
  if (
    wallet.chainId === null ||
    wallet.owners === null ||
    wallet.threshold === null ||
    wallet.saltNonce === null ||
    wallet.proxyFactory === null ||
    wallet.singleton === null ||
    wallet.fallbackHandler === null
  ) {
    throw new Error(`Wallet of ${wallet.organizationUid} has no stored deployment configuration`);
  }
  return {
    chainId: wallet.chainId,
    owners: wallet.owners.map((owner) => getAddress(owner)),
    threshold: wallet.threshold,
    saltNonce: BigInt(wallet.saltNonce),
    proxyFactory: getAddress(wallet.proxyFactory),
    singleton: getAddress(wallet.singleton),
    fallbackHandler: getAddress(wallet.fallbackHandler),
  };
}

/**
 * The organization's Safe: signers (rules in section 5 of the spec), the deploy request, and the
 * durable deploy job that sends createProxyWithNonce from the relayer and follows it to the end.
 */
export function createWalletService({
  db,
  chain,
  wake,
  timing = { receiptWaitMs: 3_000, receiptPollMs: chain.info.isDevChain ? 500 : 3_000 },
}: {
  db: Database;
  chain: WalletChainAccess;
  /** Starts the job runner looking for the job just committed. */
  wake: () => void;
  timing?: WalletTiming;
}) {
  function configFor(organizationUid: string, owners: Address[], threshold: number): SafeDeploymentConfig {
    return {
      chainId: chain.info.id,
      owners,
      threshold,
      saltNonce: saltNonceFor(organizationUid),
      ...chain.contracts,
    };
  }

  async function read(organizationUid: string, database: Database = db): Promise<TWallet> {
    const [wallet, signerRows] = await Promise.all([
      findWallet(database, organizationUid),
      listSigners(database, organizationUid),
    ]);
    const status = wallet?.status ?? 'undeployed';
    // Once requested, the wallet lives on the chain it was configured for, whatever WALLET_CHAIN says now.
    const walletChain =
      (wallet?.chainId && Object.values(WALLET_CHAINS).find((known) => known.id === wallet.chainId)) ||
      chain.info;
    const answer: TWallet = { status, chain: walletChain, signers: signerRows.map(toSigner) };
    if (wallet && status !== 'undeployed' && wallet.owners) {
      // Requested: the signers are the owners it is deployed with, members or not any more.
      const owners = wallet.owners.map((owner) => getAddress(owner));
      const rowOf = new Map(
        signerRows.flatMap((row) => (row.ethAddress ? [[getAddress(row.ethAddress), row] as const] : [])),
      );
      const unnamed = owners.filter((owner) => !rowOf.has(owner));
      const people =
        unnamed.length > 0 ? await findOwnerPeople(database, organizationUid, unnamed) : new Map();
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
    }
    if (status === 'undeployed') {
      const owners = ownersOf(signerRows);
      if ('owners' in owners) {
        answer.predictedAddresses = owners.owners.map((_, index) => ({
          threshold: index + 1,
          address: predictSafeAddress(configFor(organizationUid, owners.owners, index + 1)),
        }));
      }
    }
    return answer;
  }

  /** Runs a change to the wallet under its row lock, while it is still open to change. */
  function changeUndeployed<T>(organizationUid: string, apply: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, organizationUid);
      if (wallet.status === 'deployed') throw new AppError('CONFLICT', WALLET_DEPLOYED_MESSAGE);
      if (wallet.status !== 'undeployed') throw new AppError('CONFLICT', WALLET_LOCKED_MESSAGE);
      return apply(tx);
    });
  }

  /** Moves the wallet to deploying for a new attempt and enqueues its job (same transaction). */
  async function startAttempt(tx: Database, wallet: WalletRow, patch: WalletPatch): Promise<void> {
    const attempt = wallet.deployAttempt + 1;
    await updateWallet(tx, wallet.organizationUid, {
      ...patch,
      status: 'deploying',
      deployAttempt: attempt,
      txHash: null,
      rawTx: null,
      txNonce: null,
      error: null,
      requestedAt: new Date(),
    });
    await enqueueJob<DeployJobPayload>(tx, {
      kind: WALLET_DEPLOY_JOB,
      payload: { organizationUid: wallet.organizationUid, attempt },
      key: `${WALLET_DEPLOY_JOB}:${wallet.organizationUid}:${attempt}`,
    });
  }

  // ---- the deploy job ----

  /** Settles the attempt, unless a newer one replaced it. */
  async function settle(wallet: WalletRow, patch: WalletPatch): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await lockWallet(tx, wallet.organizationUid);
      if (current.status !== 'deploying' || current.deployAttempt !== wallet.deployAttempt) return;
      await updateWallet(tx, wallet.organizationUid, patch);
      await recordAudit(tx, {
        organizationUid: wallet.organizationUid,
        actor: { kind: 'system' },
        action: patch.status === 'deployed' ? 'wallet.deployed' : 'wallet.deploy_failed',
        subjectType: SUBJECT,
        subjectUid: wallet.organizationUid,
        from: current.status,
        to: patch.status ?? null,
        note: patch.error ?? null,
        data: { attempt: current.deployAttempt, address: current.address, txHash: current.txHash },
      });
    });
  }

  const fail = (wallet: WalletRow, reason: string) =>
    settle(wallet, { status: 'failed', error: reason.slice(0, 1_000) });

  /** The Safe is at the address: deployed when it has the stored owners (in order) and threshold. */
  async function confirm(wallet: WalletRow, config: SafeDeploymentConfig, address: Address): Promise<void> {
    const safe = await chain.readSafe(address);
    const sameOwners =
      safe.owners.length === config.owners.length &&
      safe.owners.every((owner, index) => owner === config.owners[index]);
    if (!sameOwners || safe.threshold !== config.threshold) {
      await fail(wallet, failureReason.otherContract(address));
      return;
    }
    await settle(wallet, { status: 'deployed', deployedAt: new Date(), error: null });
  }

  /** Follows a recorded transaction: mined (confirm or fail), pending (come back later), lost (send it again). */
  async function follow(wallet: WalletRow, config: SafeDeploymentConfig, address: Address): Promise<void> {
    const hash = wallet.txHash as Hex;
    const deadline = Date.now() + timing.receiptWaitMs;
    for (;;) {
      const receipt = await chain.receipt(hash);
      if (receipt?.status === 'success') return confirm(wallet, config, address);
      if (receipt?.status === 'reverted') {
        // Someone may have deployed the same Safe first (CREATE2 then fails): it is there all the same.
        if (await chain.hasCode(address)) return confirm(wallet, config, address);
        return fail(wallet, failureReason.reverted(hash));
      }
      if (!(await chain.knowsTransaction(hash)) && wallet.rawTx) {
        // Its nonce went to another transaction: this one can never be mined (checked before re-sending).
        if (wallet.txNonce !== null && (await chain.minedNonce()) > wallet.txNonce) {
          if ((await chain.receipt(hash)) !== null) continue; // mined meanwhile after all
          if (await chain.hasCode(address)) return confirm(wallet, config, address);
          return fail(wallet, failureReason.replaced(hash));
        }
        // Signed and recorded, but the node never got it (the process stopped in between): send the same bytes.
        await chain.broadcast(wallet.rawTx as Hex);
      }
      if (Date.now() >= deadline) break;
      await sleep(Math.min(100, timing.receiptPollMs));
    }
    // A pending transaction is never declared failed on a timer: look again later.
    throw new RescheduleJob(timing.receiptPollMs, `waiting for ${hash}`);
  }

  async function send(wallet: WalletRow, config: SafeDeploymentConfig): Promise<WalletRow | null> {
    let gas: bigint;
    try {
      gas = await chain.estimateDeployment(config);
    } catch (error) {
      if (error instanceof DeploymentRejectedError) {
        await fail(wallet, error.message);
        return null;
      }
      throw error;
    }
    const signed = await db.transaction(async (tx) => {
      const nonce = await takeRelayerNonce(tx, chain.info.id, chain.relayer, () => chain.pendingNonce());
      const transaction = await chain.signDeployment(config, nonce, gas);
      // Recorded before it is broadcast: a process that stops after this line resumes with this hash.
      if (
        !(await recordDeploymentTransaction(tx, wallet.organizationUid, wallet.deployAttempt, transaction))
      ) {
        tx.rollback();
      }
      return transaction;
    });
    crashPoint('wallet.deploy.after-record');
    await chain.broadcast(signed.raw);
    return { ...wallet, txHash: signed.hash, rawTx: signed.raw, txNonce: signed.nonce };
  }

  async function runDeployJob(payload: DeployJobPayload, context: JobContext): Promise<void> {
    const wallet = await findWallet(db, payload.organizationUid);
    if (wallet?.status !== 'deploying' || wallet.deployAttempt !== payload.attempt) return;
    const config = storedConfig(wallet);
    const address = getAddress(wallet.address as string);
    if (config.chainId !== chain.info.id) {
      await fail(wallet, failureReason.wrongChain(config.chainId, chain.info.id));
      return;
    }
    // The world first: the Safe may already be there (a previous run got this far).
    if (await chain.hasCode(address)) return confirm(wallet, config, address);
    if (wallet.txHash) {
      try {
        return await follow(wallet, config, address);
      } catch (error) {
        if (error instanceof RescheduleJob) throw error;
        // The chain could not be asked; the transaction may still be pending: never a failure.
        context.log.warn({ err: error }, 'Could not follow the deployment transaction');
        throw new RescheduleJob(timing.receiptPollMs, describeChainError(error));
      }
    }
    let sent: WalletRow | null;
    try {
      sent = await send(wallet, config);
    } catch (error) {
      // Rolled back: a newer attempt (or another worker) recorded a transaction first.
      if (error instanceof TransactionRollbackError) return;
      throw error;
    }
    if (sent) await follow(sent, config, address);
  }

  const deployJob: JobDefinition<DeployJobPayload> = {
    kind: WALLET_DEPLOY_JOB,
    payload: ZDeployJobPayload,
    handle: runDeployJob,
    async onGiveUp(payload, error) {
      const wallet = await findWallet(db, payload.organizationUid);
      if (wallet?.status !== 'deploying' || wallet.deployAttempt !== payload.attempt) return;
      // Only reached before a transaction was recorded (after that, errors reschedule).
      if (wallet.txHash) return;
      await fail(wallet, failureReason.notSent(describeChainError(error)));
    },
  };

  return {
    deployJob,

    get(organization: TOrganization): Promise<TWallet> {
      return read(organization.uid);
    },

    async proposeSigner(organization: TOrganization, actor: TUser, userUid: string): Promise<TWallet> {
      await changeUndeployed(organization.uid, async (tx) => {
        const member = await findOrganizationUser(tx, organization.uid, userUid);
        if (!member) {
          throw new AppError('VALIDATION', WALLET_SIGNER_NOT_MEMBER_MESSAGE, {
            userUid: WALLET_SIGNER_NOT_MEMBER_MESSAGE,
          });
        }
        if (!(await insertSigner(tx, organization.uid, userUid))) {
          throw new AppError('CONFLICT', WALLET_SIGNER_DUPLICATE_MESSAGE, {
            userUid: WALLET_SIGNER_DUPLICATE_MESSAGE,
          });
        }
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(actor),
          action: 'wallet.signer_added',
          subjectType: SUBJECT,
          subjectUid: organization.uid,
          data: { signer: { userUid, email: member.email } },
        });
      });
      return read(organization.uid);
    },

    async removeSigner(organization: TOrganization, actor: TUser, userUid: string): Promise<void> {
      await changeUndeployed(organization.uid, async (tx) => {
        if (!(await deleteSigner(tx, organization.uid, userUid))) {
          throw new AppError('NOT_FOUND', WALLET_SIGNER_NOT_FOUND_MESSAGE);
        }
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(actor),
          action: 'wallet.signer_removed',
          subjectType: SUBJECT,
          subjectUid: organization.uid,
          data: { signer: { userUid } },
        });
      });
    },

    async setSigningDevice(
      organization: TOrganization,
      user: TUser,
      signingDeviceUid: string,
    ): Promise<TWallet> {
      // Under the wallet's lock, like every signer change: two signers choosing the same address at
      // once are served one after the other, and the second sees the first's address.
      await changeUndeployed(organization.uid, async (tx) => {
        const device = await findSigningDevice(tx, signingDeviceUid);
        // Someone else's device answers like an unknown one: uids of other people's devices stay private.
        if (!device || device.userUid !== user.uid) {
          throw new AppError('VALIDATION', WALLET_DEVICE_NOT_YOURS_MESSAGE, {
            signingDeviceUid: WALLET_DEVICE_NOT_YOURS_MESSAGE,
          });
        }
        const signers = await listSigners(tx, organization.uid);
        const me = signers.find((signer) => signer.uid === user.uid);
        if (!me) throw new AppError('FORBIDDEN', WALLET_NOT_A_SIGNER_MESSAGE);
        // A Safe cannot have one owner twice: refused here, where the clash would be made, not at deploy.
        const address = device.ethAddress.toLowerCase();
        if (
          signers.some((signer) => signer.uid !== user.uid && signer.ethAddress?.toLowerCase() === address)
        ) {
          throw new AppError('CONFLICT', WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE, {
            signingDeviceUid: WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE,
          });
        }
        if (!(await setSignerDevice(tx, organization.uid, user.uid, device.uid))) {
          throw new AppError('FORBIDDEN', WALLET_NOT_A_SIGNER_MESSAGE);
        }
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'wallet.signing_device_set',
          subjectType: SUBJECT,
          subjectUid: organization.uid,
          data: {
            signingDeviceUid: device.uid,
            ...(me.signingDeviceUid && me.signingDeviceUid !== device.uid
              ? { replacedSigningDeviceUid: me.signingDeviceUid }
              : {}),
          },
        });
      });
      return read(organization.uid);
    },

    /**
     * `confirmed`: the owners the Admin saw, in order; when the signers changed since, nothing is
     * deployed (409 on owners) and the page shows them anew.
     */
    async deploy(
      organization: TOrganization,
      actor: TUser,
      { threshold, owners: confirmed }: { threshold: number; owners?: string[] },
    ): Promise<TWallet> {
      await db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, organization.uid);
        if (wallet.status === 'deployed') throw new AppError('CONFLICT', WALLET_DEPLOYED_MESSAGE);
        if (wallet.status === 'deploying') throw new AppError('CONFLICT', WALLET_DEPLOY_IN_FLIGHT_MESSAGE);
        if (wallet.status === 'failed') throw new AppError('CONFLICT', WALLET_LOCKED_MESSAGE);
        const signers = await listSigners(tx, organization.uid);
        const owners = ownersOf(signers);
        if (confirmed && !sameOwners(confirmed, signers)) {
          throw ownersProblem('CONFLICT', WALLET_SIGNERS_CHANGED_MESSAGE);
        }
        if ('problem' in owners) throw owners.problem;
        if (threshold > owners.owners.length) {
          throw new AppError('VALIDATION', QUORUM_INVALID, { threshold: QUORUM_INVALID });
        }
        const config = configFor(organization.uid, owners.owners, threshold);
        await startAttempt(tx, wallet, {
          chainId: config.chainId,
          address: predictSafeAddress(config),
          owners: config.owners,
          threshold: config.threshold,
          saltNonce: config.saltNonce.toString(),
          proxyFactory: config.proxyFactory,
          singleton: config.singleton,
          fallbackHandler: config.fallbackHandler,
        });
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(actor),
          action: 'wallet.deploy_requested',
          subjectType: SUBJECT,
          subjectUid: organization.uid,
          from: wallet.status,
          to: 'deploying',
          // Who each owner is: the wallet keeps naming an owner who leaves the organization later.
          data: {
            threshold: config.threshold,
            owners: config.owners,
            signers: signers.map((signer, index) => ({ userUid: signer.uid, address: config.owners[index] })),
          },
        });
      });
      wake();
      return read(organization.uid);
    },

    /** A failed deployment again, with the stored configuration: the same Safe at the same address. */
    async retry(organization: TOrganization, actor: TUser): Promise<TWallet> {
      await db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, organization.uid);
        if (wallet.status === 'deploying') throw new AppError('CONFLICT', WALLET_DEPLOY_IN_FLIGHT_MESSAGE);
        if (wallet.status === 'deployed') throw new AppError('CONFLICT', WALLET_DEPLOYED_MESSAGE);
        if (wallet.status !== 'failed') throw new AppError('CONFLICT', WALLET_RETRY_NOT_FAILED_MESSAGE);
        await startAttempt(tx, wallet, {});
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(actor),
          action: 'wallet.deploy_retried',
          subjectType: SUBJECT,
          subjectUid: organization.uid,
          from: wallet.status,
          to: 'deploying',
          data: { attempt: wallet.deployAttempt + 1 },
        });
      });
      wake();
      return read(organization.uid);
    },
  };
}
