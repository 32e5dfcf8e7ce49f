import {
  EVM_CHAIN_IDS,
  erc20PaymentUri,
  type TTransferInstructions,
  toBaseUnits,
  tokenOf,
} from '@dash/shared/contracts';
import { isAddress } from 'viem';
import { z } from 'zod';
import type { Chains } from '../../chain/index';
import type { Database } from '../../db/client';
import type { ProviderTransfer } from '../providers/index';
import { publishTransferUpdated, type TransferDeps } from './deps';
import { lockTransfer, type TransferRow, updateTransfer } from './repo';
import { transitionPath } from './state';
import { stepTransfer } from './step';
import { deliversTokens, enqueueVerifyDelivery, holdForReview } from './verify-delivery';

// A provider's news of a transfer, applied through the state machine: a webhook's (the providers
// module calls applyProviderUpdate in the webhook's transaction), or the answer the submit job and
// reconciliation get by asking (applyProviderView). Forward only, each step recorded, the ledger
// settled in the same transaction.

/**
 * Moves a transfer to the provider's view: the details it reports, then every step from our
 * status to its status (none when its status is not ahead of ours: late or repeated news), each
 * recorded with the ledger settled. True when something changed.
 */
export async function applyProviderView(
  tx: Database,
  chains: Chains,
  transfer: TransferRow,
  view: ProviderTransfer,
  source: 'provider' | 'reconciliation' | 'system',
): Promise<boolean> {
  const details = {
    ...(transfer.externalId ? {} : { externalId: view.externalId }),
    ...(transfer.instructions ? {} : { instructions: withPaymentUri(chains, view.instructions) }),
    ...(view.txHash && view.txHash !== transfer.txHash ? { txHash: view.txHash } : {}),
    ...(view.payoutReference && view.payoutReference !== transfer.payoutReference
      ? { payoutReference: view.payoutReference }
      : {}),
  };
  let path = transitionPath(transfer.status, view.status) ?? [];
  // A delivery of tokens completes on the chain's word, not the provider's: stop short of
  // `completed` and let verify-delivery check the reported transaction.
  const delivered = deliversTokens(transfer) && path.includes('completed');
  if (delivered) path = path.slice(0, path.indexOf('completed'));
  const txHash = details.txHash ?? transfer.txHash;
  if (delivered && txHash) await enqueueVerifyDelivery(tx, transfer.uid, txHash, source);
  if (path.length === 0 && Object.keys(details).length === 0) return false;
  let current = transfer;
  if (Object.keys(details).length > 0) current = await updateTransfer(tx, transfer.uid, details);
  for (const next of path) {
    const reason = ['failed', 'returned', 'canceled'].includes(next) ? view.failureReason : null;
    current = await stepTransfer(tx, current, next, source, reason);
  }
  if (delivered && !txHash) {
    await holdForReview(tx, current, 'delivery_not_found', { network: current.network });
  }
  return true;
}

/**
 * A deposit address's instructions with the EIP-681 request wallets read, when the network is an
 * EVM one whose token we know (the dev chain's own on a local chain) and the amount fits its decimals.
 */
function withPaymentUri(
  chains: Chains,
  instructions: TTransferInstructions | null,
): TTransferInstructions | null {
  if (instructions?.kind !== 'crypto') return instructions;
  const chainId = EVM_CHAIN_IDS[instructions.network];
  const watched = chains.of(instructions.network);
  const token = watched
    ? watched.token(instructions.symbol)
    : tokenOf(instructions.network, instructions.symbol, false);
  if (chainId === undefined || !token || !isAddress(instructions.address)) return instructions;
  try {
    const units = toBaseUnits(instructions.amount, token.decimals);
    return {
      ...instructions,
      paymentUri: erc20PaymentUri({ token: token.address, chainId, to: instructions.address, units }),
    };
  } catch {
    return instructions;
  }
}

/** The webhook side (providers module): applies a provider's transfer in the webhook's transaction. */
export async function applyProviderUpdate(
  deps: TransferDeps,
  tx: Database,
  providerUid: string,
  view: ProviderTransfer,
) {
  const reference = z.uuid().safeParse(view.externalReference);
  const transfer = reference.success ? await lockTransfer(tx, reference.data) : undefined;
  if (!transfer || transfer.providerUid !== providerUid) {
    deps.log.warn(
      { providerUid, externalId: view.externalId },
      'Provider webhook for a transfer we do not know; ignored',
    );
    return undefined;
  }
  const changed = await applyProviderView(tx, deps.chains, transfer, view, 'provider');
  return {
    organizationUid: transfer.organizationUid,
    after: changed ? () => publishTransferUpdated(deps, transfer.organizationUid, transfer.uid) : undefined,
  };
}
