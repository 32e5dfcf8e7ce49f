import {
  codedMessage,
  type TProposeSafeTransactionRequest,
  type TSafeTransaction,
  type TSafeTx,
  toBaseUnits,
  tokenOf,
} from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import { registeredWallets } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import type { IdempotentWork } from '../../http/idempotency';
import { deployedSafeOf } from '../wallet/index';
import type { SafeTransactionDeps } from './deps';
import { nextNonce, recordProposal } from './proposal';
import { openAtNonce, type SafeTransactionRow } from './repo';
import { networkOfChain } from './safe-network';
import { rejectionTx, tokenTransferTx } from './safe-tx';

// Propose a Safe transaction (Admins and Editors; an Idempotency-Key): a token transfer from the
// Safe to one of the organization's registered wallets on its network, at the next nonce after the
// queue; or the rejection of a queued nonce (the empty transaction to the Safe at that nonce). Load
// the Safe, check the request, then in one transaction record the SafeTx with its safeTxHash and the
// owners and threshold it needs, audited; tell the organization's pages after the commit.

/** Read before the transaction: the Safe's nonce on chain. */
export async function prepareProposal(deps: SafeTransactionDeps, auth: OrganizationContext): Promise<bigint> {
  const safe = await deployedSafeOf(deps.db, auth.organization.uid);
  if (!safe) throw new AppError('CONFLICT', codedMessage('messages.safeNotDeployed'));
  return deps.walletChain.safeNonce(safe.address);
}

export async function proposeSafeTransaction(
  deps: SafeTransactionDeps,
  tx: Database,
  auth: OrganizationContext,
  request: TProposeSafeTransactionRequest,
  chainNonce: bigint,
): Promise<IdempotentWork<{ data: TSafeTransaction }>> {
  const organizationUid = auth.organization.uid;
  // Load: the deployed Safe and its network.
  const safe = await deployedSafeOf(tx, organizationUid);
  if (!safe) throw new AppError('CONFLICT', codedMessage('messages.safeNotDeployed'));
  const network = networkOfChain(safe.chainId);

  // Check: what it sends, and at which nonce.
  let safeTx: TSafeTx;
  let transfer: SafeTransactionRow['transfer'] = null;
  if (request.kind === 'transfer') {
    const [wallet] = await tx
      .select()
      .from(registeredWallets)
      .where(
        and(
          eq(registeredWallets.uid, request.walletUid),
          eq(registeredWallets.organizationUid, organizationUid),
        ),
      );
    if (!wallet || wallet.network !== network) {
      throw new AppError('VALIDATION', codedMessage('messages.safeWalletNotOnNetwork'), {
        walletUid: codedMessage('messages.safeWalletNotOnNetwork'),
      });
    }
    const token = deps.chains.of(network)?.token(request.symbol) ?? tokenOf(network, request.symbol, false);
    if (!token)
      throw new AppError('VALIDATION', codedMessage('messages.safeTokenNotOnNetwork'), {
        symbol: codedMessage('messages.safeTokenNotOnNetwork'),
      });
    let units: bigint;
    try {
      units = toBaseUnits(request.amount, token.decimals);
    } catch {
      throw new AppError('VALIDATION', codedMessage('messages.safeAmountDecimals'), {
        amount: codedMessage('messages.safeAmountDecimals'),
      });
    }
    const nonce = await nextNonce(tx, organizationUid, chainNonce);
    const recipient = getAddress(wallet.address);
    safeTx = tokenTransferTx(token.address, recipient, units, nonce);
    transfer = {
      symbol: token.symbol,
      amount: request.amount,
      token: token.address,
      recipient: { walletUid: wallet.uid, name: wallet.name, address: recipient },
    };
  } else {
    const queued = await openAtNonce(tx, organizationUid, request.nonce);
    if (BigInt(request.nonce) < chainNonce || !queued.some((row) => row.kind !== 'rejection')) {
      throw new AppError('VALIDATION', codedMessage('messages.safeNoTransactionAtNonce'), {
        nonce: codedMessage('messages.safeNoTransactionAtNonce'),
      });
    }
    if (queued.some((row) => row.kind === 'rejection')) {
      throw new AppError('CONFLICT', codedMessage('messages.safeRejectionExists'), {
        nonce: codedMessage('messages.safeRejectionExists'),
      });
    }
    safeTx = rejectionTx(safe.address, BigInt(request.nonce));
  }

  // Record: the transaction, and its audit record.
  const recorded = await recordProposal(deps, tx, {
    organizationUid,
    safe,
    kind: request.kind,
    safeTx,
    transfer,
    proposedBy: auth.user.uid,
    actor: { kind: 'user', userUid: auth.user.uid, email: auth.user.email },
  });
  if (!recorded) throw new AppError('CONFLICT', codedMessage('messages.safeTransactionDuplicate'));
  return { answer: { data: recorded.view }, afterCommit: recorded.afterCommit };
}
