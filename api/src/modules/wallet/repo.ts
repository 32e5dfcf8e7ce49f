import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { type Address, getAddress, isAddress } from 'viem';
import type { Database } from '../../db/client';
import {
  auditEvents,
  memberships,
  safeTransactions,
  signingDevices,
  users,
  walletDeployments,
  walletRelayerNonces,
  walletSigners,
  wallets,
} from '../../db/schema';

type ConfigRow = typeof wallets.$inferSelect;
type DeploymentRow = typeof walletDeployments.$inferSelect;
type DeploymentFields = Omit<DeploymentRow, 'organizationUid' | 'chainId' | 'address' | 'createdAt'>;

/**
 * The wallet's configuration (once per organization) with its deployment on one network (`chainId`:
 * the first network's unless another was asked for); no deployment there reads as undeployed.
 */
export type WalletRow = ConfigRow & DeploymentFields;
export type WalletPatch = Partial<Omit<ConfigRow, 'organizationUid' | 'createdAt'> & DeploymentFields>;

const UNDEPLOYED: DeploymentFields = {
  status: 'undeployed',
  deployAttempt: 0,
  txHash: null,
  txNonce: null,
  rawTx: null,
  error: null,
  requestedAt: null,
  deployedAt: null,
};

async function withDeployment(db: Database, config: ConfigRow, chainId?: number): Promise<WalletRow> {
  const on = chainId ?? config.chainId;
  const [deployment] =
    on === null
      ? []
      : await db
          .select()
          .from(walletDeployments)
          .where(
            and(
              eq(walletDeployments.organizationUid, config.organizationUid),
              eq(walletDeployments.chainId, on),
            ),
          );
  if (!deployment) return { ...config, ...UNDEPLOYED, chainId: on };
  const { organizationUid: _o, chainId: _c, address: _a, createdAt: _t, ...fields } = deployment;
  return { ...config, ...fields, chainId: on };
}

export async function findWallet(
  db: Database,
  organizationUid: string,
  chainId?: number,
): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallets).where(eq(wallets.organizationUid, organizationUid));
  return row ? withDeployment(db, row, chainId) : undefined;
}

/**
 * The organization's wallet row, created when missing, locked for the rest of the transaction:
 * every change to one wallet (signers, deploy on any network, retry) runs one at a time. Answers
 * it with its deployment on `chainId` (the first network's by default).
 */
export async function lockWallet(
  db: Database,
  organizationUid: string,
  chainId?: number,
): Promise<WalletRow> {
  await db.insert(wallets).values({ organizationUid }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(wallets)
    .where(eq(wallets.organizationUid, organizationUid))
    .for('update');
  if (!row) throw new Error(`Wallet of ${organizationUid} vanished while locked`);
  return withDeployment(db, row, chainId);
}

/**
 * Writes the configuration's fields to the wallet (`chainId` among them: the first network, set by
 * the deploy request) and the deployment's to its deployment on `chainId`.
 */
export async function updateWallet(
  db: Database,
  organizationUid: string,
  chainId: number,
  patch: WalletPatch,
): Promise<void> {
  const { status, deployAttempt, txHash, txNonce, rawTx, error, requestedAt, deployedAt, ...config } = patch;
  if (Object.keys(config).length > 0) {
    await db.update(wallets).set(config).where(eq(wallets.organizationUid, organizationUid));
  }
  const deployment = Object.fromEntries(
    Object.entries({ status, deployAttempt, txHash, txNonce, rawTx, error, requestedAt, deployedAt }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Partial<DeploymentFields>;
  if (Object.keys(deployment).length === 0) return;
  const [current] = await db
    .select({ address: wallets.address })
    .from(wallets)
    .where(eq(wallets.organizationUid, organizationUid));
  if (!current?.address) throw new Error(`Wallet of ${organizationUid} has no address to deploy`);
  await db
    .insert(walletDeployments)
    .values({ organizationUid, chainId, address: current.address, status: 'deploying', ...deployment })
    .onConflictDoUpdate({
      target: [walletDeployments.organizationUid, walletDeployments.chainId],
      set: deployment,
    });
}

/** Every network the Safe was requested on (deploying, deployed or failed), first requested first. */
export function listDeployments(db: Database, organizationUid: string): Promise<DeploymentRow[]> {
  return db
    .select()
    .from(walletDeployments)
    .where(eq(walletDeployments.organizationUid, organizationUid))
    .orderBy(asc(walletDeployments.createdAt), asc(walletDeployments.chainId));
}

/**
 * Records the signed deployment transaction, only for the attempt that is still deploying and has
 * none yet (a stale job can never overwrite a newer one). False when nothing was written.
 */
export async function recordDeploymentTransaction(
  db: Database,
  organizationUid: string,
  chainId: number,
  attempt: number,
  tx: { hash: string; raw: string; nonce: number },
): Promise<boolean> {
  const rows = await db
    .update(walletDeployments)
    .set({ txHash: tx.hash, rawTx: tx.raw, txNonce: tx.nonce })
    .where(
      and(
        eq(walletDeployments.organizationUid, organizationUid),
        eq(walletDeployments.chainId, chainId),
        eq(walletDeployments.status, 'deploying'),
        eq(walletDeployments.deployAttempt, attempt),
        isNull(walletDeployments.txHash),
      ),
    )
    .returning({ organizationUid: walletDeployments.organizationUid });
  return rows.length > 0;
}

export interface SignerRow {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  signingDeviceUid: string | null;
  ethAddress: string | null;
  /** When the signer's device proved its key; null: unverified (or no device). */
  deviceVerifiedAt?: Date | null;
}

/** Signers in proposal order (the Safe's owner order), with their chosen device's address. */
export function listSigners(db: Database, organizationUid: string): Promise<SignerRow[]> {
  return db
    .select({
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      signingDeviceUid: walletSigners.signingDeviceUid,
      ethAddress: signingDevices.ethAddress,
      deviceVerifiedAt: signingDevices.verifiedAt,
    })
    .from(walletSigners)
    .innerJoin(users, eq(users.uid, walletSigners.userUid))
    .leftJoin(signingDevices, eq(signingDevices.uid, walletSigners.signingDeviceUid))
    .where(eq(walletSigners.organizationUid, organizationUid))
    .orderBy(asc(walletSigners.position));
}

/** False when the user already is a signer. */
export async function insertSigner(db: Database, organizationUid: string, userUid: string): Promise<boolean> {
  const rows = await db
    .insert(walletSigners)
    .values({ organizationUid, userUid })
    .onConflictDoNothing()
    .returning({ userUid: walletSigners.userUid });
  return rows.length > 0;
}

/** False when the user was not a signer. */
export async function deleteSigner(db: Database, organizationUid: string, userUid: string): Promise<boolean> {
  const rows = await db
    .delete(walletSigners)
    .where(and(eq(walletSigners.organizationUid, organizationUid), eq(walletSigners.userUid, userUid)))
    .returning({ userUid: walletSigners.userUid });
  return rows.length > 0;
}

/** False when the user is not a signer. */
export async function setSignerDevice(
  db: Database,
  organizationUid: string,
  userUid: string,
  signingDeviceUid: string,
): Promise<boolean> {
  const rows = await db
    .update(walletSigners)
    .set({ signingDeviceUid })
    .where(and(eq(walletSigners.organizationUid, organizationUid), eq(walletSigners.userUid, userUid)))
    .returning({ userUid: walletSigners.userUid });
  return rows.length > 0;
}

/**
 * Takes the relayer's next nonce on a chain under a row lock held until the transaction ends, so
 * concurrent jobs (deployments and Safe executions, of any organization, in any number of API
 * processes) sign one at a time: the chain's count (pending included), but past any transaction
 * still recorded for a deploying wallet or an executing Safe transaction, which may be signed and
 * stored yet not broadcast (it keeps its nonce).
 */
export async function takeRelayerNonce(
  db: Database,
  chainId: number,
  address: string,
  chainNonce: () => Promise<number>,
): Promise<number> {
  await db.insert(walletRelayerNonces).values({ chainId, address, nextNonce: 0 }).onConflictDoNothing();
  await db
    .select({ nextNonce: walletRelayerNonces.nextNonce })
    .from(walletRelayerNonces)
    .where(and(eq(walletRelayerNonces.chainId, chainId), eq(walletRelayerNonces.address, address)))
    .for('update');
  const [[reserved], [executing]] = await Promise.all([
    db
      .select({ highest: max(walletDeployments.txNonce) })
      .from(walletDeployments)
      .where(
        and(
          eq(walletDeployments.chainId, chainId),
          eq(walletDeployments.status, 'deploying'),
          isNotNull(walletDeployments.txNonce),
        ),
      ),
    // A Safe transaction's execTransaction, signed and recorded, keeps its nonce too.
    db
      .select({ highest: max(safeTransactions.executionNonce) })
      .from(safeTransactions)
      .where(
        and(
          eq(safeTransactions.chainId, chainId),
          eq(safeTransactions.status, 'executing'),
          isNotNull(safeTransactions.executionNonce),
        ),
      ),
  ]);
  const highest = Math.max(reserved?.highest ?? -1, executing?.highest ?? -1);
  const afterReserved = highest + 1;
  const nonce = Math.max(afterReserved, await chainNonce());
  await db
    .update(walletRelayerNonces)
    .set({ nextNonce: sql`${nonce + 1}` })
    .where(and(eq(walletRelayerNonces.chainId, chainId), eq(walletRelayerNonces.address, address)));
  return nonce;
}

/** The person behind an owner address of a requested wallet, and whether they are still a member. */
export interface OwnerPerson {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  isMember: boolean;
}

/** A user uid and an address read from an audit row's data, when both are there. */
function ownerEntry(value: unknown): [string, string] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { userUid, address } = value as { userUid?: unknown; address?: unknown };
  if (typeof userUid !== 'string' || typeof address !== 'string' || !isAddress(address)) return undefined;
  return [getAddress(address), userUid];
}

/**
 * Who the owners of a requested wallet are when they have no signer row any more (they left the
 * organization: the row went with the membership). The wallet's audit trail names them: the deploy
 * request records each owner's user (since it does), and before that, the signer who set a signing
 * device with the address (the latest one: devices no longer change once deploy is requested).
 */
export async function findOwnerPeople(
  db: Database,
  organizationUid: string,
  addresses: string[],
): Promise<Map<string, OwnerPerson>> {
  const wanted = new Set<string>(addresses.map((address) => getAddress(address)));
  const trail = await db
    .select({ action: auditEvents.action, actorUserUid: auditEvents.actorUserUid, data: auditEvents.data })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationUid, organizationUid),
        eq(auditEvents.subjectType, 'wallet'),
        eq(auditEvents.subjectUid, organizationUid),
        inArray(auditEvents.action, ['wallet.deploy_requested', 'wallet.signing_device_set']),
      ),
    )
    .orderBy(desc(auditEvents.id));

  const userOf = new Map<string, string>();
  const request = trail.find((row) => row.action === 'wallet.deploy_requested');
  const recorded = request?.data?.signers;
  for (const entry of Array.isArray(recorded) ? recorded : []) {
    const owner = ownerEntry(entry);
    if (owner && wanted.has(owner[0]) && !userOf.has(owner[0])) userOf.set(owner[0], owner[1]);
  }

  const deviceSets = trail.flatMap((row) => {
    const deviceUid = row.data?.signingDeviceUid;
    return row.action === 'wallet.signing_device_set' && row.actorUserUid && typeof deviceUid === 'string'
      ? [{ userUid: row.actorUserUid, deviceUid }]
      : [];
  });
  if (userOf.size < wanted.size && deviceSets.length > 0) {
    const devices = await db
      .select({
        uid: signingDevices.uid,
        userUid: signingDevices.userUid,
        ethAddress: signingDevices.ethAddress,
      })
      .from(signingDevices)
      .where(inArray(signingDevices.uid, [...new Set(deviceSets.map((set) => set.deviceUid))]));
    const deviceOf = new Map(devices.map((device) => [device.uid, device]));
    for (const set of deviceSets) {
      const device = deviceOf.get(set.deviceUid);
      if (!device || device.userUid !== set.userUid) continue;
      const address = getAddress(device.ethAddress);
      if (wanted.has(address) && !userOf.has(address)) userOf.set(address, set.userUid);
    }
  }
  if (userOf.size === 0) return new Map();

  const people = await db
    .select({
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isMember: sql<boolean>`${memberships.userUid} is not null`,
    })
    .from(users)
    .leftJoin(
      memberships,
      and(eq(memberships.userUid, users.uid), eq(memberships.organizationUid, organizationUid)),
    )
    .where(inArray(users.uid, [...new Set(userOf.values())]));
  const personOf = new Map(
    people.map((person) => [person.uid, { ...person, isMember: Boolean(person.isMember) }]),
  );
  const found = new Map<string, OwnerPerson>();
  for (const [address, userUid] of userOf) {
    const person = personOf.get(userUid);
    if (person) found.set(address, person);
  }
  return found;
}

/**
 * The address a member's key holds among the owners of the organization's requested wallet
 * (deploying, deployed or failed), if it does: leaving the organization does not remove it from
 * the Safe on chain.
 */
export async function requestedWalletOwnerAddress(
  db: Database,
  organizationUid: string,
  userUid: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ owners: wallets.owners, ethAddress: signingDevices.ethAddress })
    .from(walletSigners)
    .innerJoin(wallets, eq(wallets.organizationUid, walletSigners.organizationUid))
    .innerJoin(signingDevices, eq(signingDevices.uid, walletSigners.signingDeviceUid))
    .where(and(eq(walletSigners.organizationUid, organizationUid), eq(walletSigners.userUid, userUid)));
  // The owners are stored by the deploy request: none yet means undeployed.
  if (!row?.owners) return undefined;
  const address = getAddress(row.ethAddress);
  return row.owners.some((owner) => getAddress(owner) === address) ? address : undefined;
}

/**
 * The organization's Safe deployed on a network (`chainId`; the first network's by default): its
 * chain, address (the same on every network), owners (EIP-55, setup order) and threshold.
 */
export async function deployedSafeOf(
  db: Database,
  organizationUid: string,
  chainId?: number,
): Promise<{ chainId: number; address: Address; owners: Address[]; threshold: number } | null> {
  const wallet = await findWallet(db, organizationUid, chainId);
  if (
    wallet?.status !== 'deployed' ||
    !wallet.chainId ||
    !wallet.address ||
    !wallet.owners ||
    !wallet.threshold
  ) {
    return null;
  }
  return {
    chainId: wallet.chainId,
    address: getAddress(wallet.address),
    owners: wallet.owners.map((owner) => getAddress(owner)),
    threshold: wallet.threshold,
  };
}

/** The chain ids the organization's Safe is deployed on. */
export async function deployedChainsOf(db: Database, organizationUid: string): Promise<number[]> {
  const rows = await db
    .select({ chainId: walletDeployments.chainId })
    .from(walletDeployments)
    .where(
      and(eq(walletDeployments.organizationUid, organizationUid), eq(walletDeployments.status, 'deployed')),
    );
  return rows.map((row) => row.chainId);
}
