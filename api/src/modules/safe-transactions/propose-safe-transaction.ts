import {
  codedMessage,
  EVM_CHAIN_IDS,
  type TProposeSafeTransactionRequest,
  type TSafeTransaction,
  type TSafeTx,
  toBaseUnits,
  tokenOf,
} from '@dash/shared/contracts';
import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import type { IdempotentWork } from '../../http/idempotency';
import { findRegisteredWallet } from '../counterparties/index';
import { deployedSafeOf } from '../wallet/index';
import { chainOfSafe, type SafeTransactionDeps } from './deps';
import { nextNonce, recordProposal } from './proposal';
import { openAtNonce, type SafeTransactionRow } from './repo';
import { networkOfChain } from './safe-network';
import { rejectionTx, tokenTransferTx } from './safe-tx';

// Propose a Safe transaction (Admins and Editors; an Idempotency-Key): a token transfer from the
// Safe to one of the organization's registered wallets, from the Safe on that wallet's network, at
// the next nonce after that Safe's queue; or the rejection of a queued nonce (the empty transaction
// to the Safe at that nonce, on the network named, else the first). Load the Safe, check the
// request, then in one transaction record the SafeTx with its safeTxHash and the owners and
// threshold it needs, audited; tell the organization's pages after the commit.

/** The Safe a proposal is for: on its first network, or (a transfer) on the registered wallet's network. */
async function chainOfProposal(
  db: Database,
  organizationUid: string,
  request: TProposeSafeTransactionRequest,
): Promise<number | undefined> {
  const first = await deployedSafeOf(db, organizationUid);
  if (!first) throw new AppError('CONFLICT', codedMessage('messages.safeNotDeployed'));
  if (request.kind === 'rejection') {
    return request.network ? EVM_CHAIN_IDS[request.network] : first.chainId;
  }
  const wallet = await findRegisteredWallet(db, organizationUid, request.walletUid);
  return wallet ? EVM_CHAIN_IDS[wallet.network] : first.chainId;
}

const notOnNetwork = (request: TProposeSafeTransactionRequest) =>
  request.kind === 'transfer'
    ? new AppError('VALIDATION', codedMessage('messages.safeWalletNotOnNetwork'), {
        walletUid: codedMessage('messages.safeWalletNotOnNetwork'),
      })
    : new AppError('VALIDATION', codedMessage('messages.safeNotOnNetwork'), {
        network: codedMessage('messages.safeNotOnNetwork'),
      });

/**
 * Read before the transaction: the network of the Safe the proposal is for, and the Safe's nonce on
 * that chain (each network's Safe counts its own nonces).
 */
export async function prepareProposal(
  deps: SafeTransactionDeps,
  auth: OrganizationContext,
  request: TProposeSafeTransactionRequest,
): Promise<{ chainId: number; chainNonce: bigint }> {
  const chainId = await chainOfProposal(deps.db, auth.organization.uid, request);
  const safe = chainId === undefined ? null : await deployedSafeOf(deps.db, auth.organization.uid, chainId);
  if (!safe) throw notOnNetwork(request);
  return { chainId: safe.chainId, chainNonce: await chainOfSafe(deps, safe.chainId).safeNonce(safe.address) };
}

export async function proposeSafeTransaction(
  deps: SafeTransactionDeps,
  tx: Database,
  auth: OrganizationContext,
  request: TProposeSafeTransactionRequest,
  { chainId, chainNonce }: { chainId: number; chainNonce: bigint },
): Promise<IdempotentWork<{ data: TSafeTransaction }>> {
  const organizationUid = auth.organization.uid;
  // Load: the Safe deployed on the proposal's network.
  const safe = await deployedSafeOf(tx, organizationUid, chainId);
  if (!safe) throw notOnNetwork(request);
  const network = networkOfChain(safe.chainId);

  // Check: what it sends, and at which nonce.
  let safeTx: TSafeTx;
  let transfer: SafeTransactionRow['transfer'] = null;
  if (request.kind === 'transfer') {
    const wallet = await findRegisteredWallet(tx, organizationUid, request.walletUid);
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
    const nonce = await nextNonce(tx, organizationUid, safe.chainId, chainNonce);
    const recipient = getAddress(wallet.address);
    safeTx = tokenTransferTx(token.address, recipient, units, nonce);
    transfer = {
      symbol: token.symbol,
      amount: request.amount,
      token: token.address,
      recipient: { walletUid: wallet.uid, name: wallet.name, address: recipient },
    };
  } else {
    const queued = await openAtNonce(tx, organizationUid, safe.chainId, request.nonce);
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
