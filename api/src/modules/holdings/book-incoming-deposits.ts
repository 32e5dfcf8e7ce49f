import type { TokenTransferLog, WatchedNetwork } from '../../chain/index';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/index';
import { insertChainTransfer, lockOrganizationMoney, postIncomingDeposit } from '../transfers/index';
import { explainedByTransfer, type Holder, holdersOf } from './incoming-repo';

// Book incoming deposits: the Transfer logs of a network's tokens to a Safe or registered wallet in
// the blocks a look of the watcher covers (check-network.ts, in its transaction, under the network's
// cursor lock). Per organization holding the address, a log that none of its transfers explains (a
// delivery, an on-ramp expecting it, a deposit the provider returns) is recorded once
// (chain_transfers, kind 'incoming', unique by log and organization), posted to its ledger from the
// outside to the Safe or the wallet, and audited. Returns the organizations that booked one.

export const INCOMING_SUBJECT = 'incoming_deposit';

export async function bookIncomingDeposits(
  tx: Database,
  network: WatchedNetwork,
  logs: readonly TokenTransferLog[],
): Promise<string[]> {
  if (logs.length === 0) return [];
  // Load: who holds each address the logs reached.
  const holders = await holdersOf(tx, network, [...new Set(logs.map((log) => log.to))]);
  const candidates = logs.flatMap((log) =>
    (holders.get(log.to.toLowerCase()) ?? []).map((holder) => ({ log, holder })),
  );
  if (candidates.length === 0) return [];

  // Lock: each organization's money, in one order (a transfer's transaction takes the same lock).
  const organizations = [...new Set(candidates.map(({ holder }) => holder.organizationUid))].sort();
  for (const organizationUid of organizations) await lockOrganizationMoney(tx, organizationUid);

  const booked = new Set<string>();
  for (const { log, holder } of candidates) {
    // Check: a transfer of the organization's explains it, or it is already booked.
    if (await explainedByTransfer(tx, holder.organizationUid, network.network, network.chainId, log))
      continue;
    const uid = await insertChainTransfer(
      tx,
      { chainId: network.chainId, network: network.network, log },
      {
        kind: 'incoming',
        organizationUid: holder.organizationUid,
        holder: holder.holder,
        walletUid: holder.walletUid,
      },
    );
    if (!uid) continue;
    // Record: the ledger lines and the audit record, in the look's transaction.
    await postIncomingDeposit(tx, {
      organizationUid: holder.organizationUid,
      chainTransferUid: uid,
      holder: holder.holder,
      walletUid: holder.walletUid,
      currency: log.token.symbol,
      amount: log.amount,
    });
    await recordAudit(tx, auditOf(uid, network, log, holder));
    booked.add(holder.organizationUid);
  }
  return [...booked];
}

function auditOf(uid: string, network: WatchedNetwork, log: TokenTransferLog, holder: Holder) {
  return {
    organizationUid: holder.organizationUid,
    actor: { kind: 'system' } as const,
    action: `${INCOMING_SUBJECT}.booked`,
    subjectType: INCOMING_SUBJECT,
    subjectUid: uid,
    to: 'booked',
    note: `${log.amount} ${log.token.symbol} from ${log.from} to ${log.to} on ${network.network} (${log.txHash})`,
    data: {
      network: network.network,
      txHash: log.txHash,
      logIndex: log.logIndex,
      block: Number(log.blockNumber),
      holder: holder.holder,
      walletUid: holder.walletUid,
      symbol: log.token.symbol,
      amount: log.amount,
    },
  };
}
