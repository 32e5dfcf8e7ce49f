import { codedMessage, type TSafeTransaction } from '@dash/shared/contracts';
import { getAddress, type Hex } from 'viem';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { recordAudit } from '../audit/index';
import { listSigners } from '../wallet/index';
import { publishSafeTransactionUpdated, type SafeTransactionDeps } from './deps';
import { enqueueExecution } from './execute-safe-transaction';
import {
  confirmationsOf,
  findSafeTransaction,
  insertConfirmation,
  lockSafeTransaction,
  updateSafeTransaction,
} from './repo';
import { recoverSafeSignature } from './safe-tx';
import { ownersOf, readSafeTransactionView } from './view';

// Confirm a Safe transaction: an owner's signature, made in the browser by their own signing device
// (eth_signTypedData_v4 over the SafeTx; eth_sign of the safeTxHash for hardware wallets). Load the
// transaction; recover the signer from the stored safeTxHash (outside the transaction: pure); the
// signer must be an owner the transaction needs, held by the caller's verified signing device, and
// must not have confirmed yet. In one transaction under the transaction's row lock, store it; with
// the threshold reached the transaction is ready, and its execution is queued (a job). Each refusal
// is a 4xx storing nothing.

const notFound = () => new AppError('NOT_FOUND', codedMessage('messages.safeTransactionNotFound'));

export async function confirmSafeTransaction(
  deps: SafeTransactionDeps,
  auth: OrganizationContext,
  safeTxHash: string,
  signature: string,
): Promise<TSafeTransaction> {
  const organizationUid = auth.organization.uid;
  // Load.
  const found = await findSafeTransaction(deps.db, organizationUid, safeTxHash);
  if (!found) throw notFound();

  // Check the signature: well formed, low s, by an owner of this transaction's Safe.
  const recovered = await recoverSafeSignature(found.safeTxHash as Hex, signature);
  if (!recovered.ok)
    throw new AppError('VALIDATION', codedMessage('messages.safeSignatureMalformed'), {
      signature: codedMessage('messages.safeSignatureMalformed'),
    });
  const owner = getAddress(recovered.owner);
  if (!ownersOf(found).includes(owner)) {
    throw new AppError('FORBIDDEN', codedMessage('messages.safeSignatureNotOwner'), {
      signature: codedMessage('messages.safeSignatureNotOwner'),
    });
  }
  // Authorize: the owner key is the caller's own signing device, verified.
  const mine = (await listSigners(deps.db, organizationUid)).find((signer) => signer.uid === auth.user.uid);
  if (!mine?.ethAddress || getAddress(mine.ethAddress) !== owner) {
    throw new AppError('FORBIDDEN', codedMessage('messages.safeSignatureNotYours'), {
      signature: codedMessage('messages.safeSignatureNotYours'),
    });
  }
  if (!mine.deviceVerifiedAt) throw new AppError('FORBIDDEN', codedMessage('messages.safeDeviceUnverified'));

  // Record, under the row lock: the confirmation; ready once the threshold is reached.
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSafeTransaction(tx, found.uid);
    if (current.status !== 'awaiting_confirmations' && current.status !== 'ready') {
      throw new AppError('CONFLICT', codedMessage('messages.safeNotAwaiting'));
    }
    const inserted = await insertConfirmation(tx, {
      safeTransactionUid: current.uid,
      owner,
      signature: recovered.signature,
      userUid: auth.user.uid,
      signingDeviceUid: mine.signingDeviceUid,
    });
    if (!inserted) throw new AppError('CONFLICT', codedMessage('messages.safeAlreadyConfirmed'));
    await recordAudit(tx, {
      organizationUid,
      actor: { kind: 'user', userUid: auth.user.uid, email: auth.user.email },
      action: 'safe_transaction.confirmed',
      subjectType: 'safe_transaction',
      subjectUid: current.uid,
      data: { safeTxHash: current.safeTxHash, owner },
    });
    const confirmed = (await confirmationsOf(tx, [current.uid])).length;
    if (current.status === 'awaiting_confirmations' && confirmed >= current.threshold) {
      const ready = await updateSafeTransaction(tx, current.uid, { status: 'ready' });
      await recordAudit(tx, {
        organizationUid,
        actor: { kind: 'system' },
        action: 'safe_transaction.ready',
        subjectType: 'safe_transaction',
        subjectUid: current.uid,
        from: current.status,
        to: 'ready',
      });
      await enqueueExecution(tx, current.uid);
      return ready;
    }
    return current;
  });
  if (row.status === 'ready') deps.wake();
  await publishSafeTransactionUpdated(deps, organizationUid, row.safeTxHash);
  const view = await readSafeTransactionView(deps, organizationUid, row.safeTxHash);
  if (!view) throw new Error('Safe transaction vanished');
  return view;
}
