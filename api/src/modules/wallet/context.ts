import type { Database } from '../../db/client';
import { type AuditEntry, recordAudit } from '../audit/index';
import type { WalletChainAccess, WalletChains } from './chain';

/**
 * What every wallet use case works with, passed to each one (no closure): the database, the chain
 * (with its configuration: `chain.info`, `chain.contracts`, the relayer), the job runner's wake-up
 * and the deploy job's timing. Audit rows and jobs are written with the transaction at hand.
 */
export interface WalletContext {
  db: Database;
  /**
   * The one seam to the chain: the first network's (WALLET_CHAIN), where a new wallet is deployed;
   * the deploy job runs with its deployment's network's. Tests wrap it to watch or interrupt it.
   */
  chain: WalletChainAccess;
  /** Every network the Safe may be deployed on. */
  chains: WalletChains;
  /** Starts the job runner looking for the job just committed. */
  wake: () => void;
  timing: WalletTiming;
}

export interface WalletTiming {
  /** How long one job run waits for a receipt after sending before it reschedules itself. */
  receiptWaitMs: number;
  /** How often a pending transaction is looked at again (a RescheduleJob, never a failure). */
  receiptPollMs: number;
}

/** The organization's one wallet: its audit rows name the organization as the subject. */
const SUBJECT = 'wallet';

/** Records a change to the organization's wallet, with the transaction that makes it. */
export function recordWalletAudit(
  tx: Database,
  organizationUid: string,
  entry: Omit<AuditEntry, 'organizationUid' | 'subjectType' | 'subjectUid'>,
): Promise<void> {
  return recordAudit(tx, { ...entry, organizationUid, subjectType: SUBJECT, subjectUid: organizationUid });
}
