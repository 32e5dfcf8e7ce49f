import type { TLedgerBalance } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client';
import {
  ensureLedgerAccounts,
  insertLedgerEntries,
  type LedgerAccountKind,
  ledgerBalanceSums,
  movePendingTransferLines,
} from './ledger-repo';
import type { TransferRow } from './repo';

interface Line {
  kind: LedgerAccountKind;
  currency: string;
  amount: Decimal;
}

/**
 * The lines of a transfer (signed; each currency sums to zero). On-ramp / deposit: fiat leaves the
 * bank to the provider's exchange and fees; the exchange sends the stablecoin to the wallets.
 * Off-ramp: the stablecoin leaves the Safe, the wallets or an external wallet to the exchange; the exchange
 * pays the bank and fees.
 */
export function transferLines(transfer: TransferRow): Line[] {
  const source = new Decimal(transfer.sourceAmount);
  const target = new Decimal(transfer.targetAmount);
  const fee = new Decimal(transfer.fee);
  if (transfer.type === 'off_ramp') {
    // Paid from the organization's Safe, from a registered wallet (its address is copied on the
    // transfer, and stays when the wallet is deleted, so a reversal takes the same account) or from
    // an external one.
    const from: LedgerAccountKind = transfer.safeAddress
      ? 'safe'
      : transfer.walletAddress
        ? 'wallets'
        : 'external_wallets';
    return [
      { kind: from, currency: transfer.sourceCurrency, amount: source.neg() },
      { kind: 'provider_exchange', currency: transfer.sourceCurrency, amount: source },
      { kind: 'provider_exchange', currency: transfer.targetCurrency, amount: target.add(fee).neg() },
      { kind: 'provider_fees', currency: transfer.feeCurrency, amount: fee },
      { kind: 'bank', currency: transfer.targetCurrency, amount: target },
    ];
  }
  return [
    { kind: 'bank', currency: transfer.sourceCurrency, amount: source.neg() },
    { kind: 'provider_fees', currency: transfer.feeCurrency, amount: fee },
    { kind: 'provider_exchange', currency: transfer.sourceCurrency, amount: source.sub(fee) },
    { kind: 'provider_exchange', currency: transfer.targetCurrency, amount: target.neg() },
    { kind: 'wallets', currency: transfer.targetCurrency, amount: target },
  ];
}

/** Each currency of a set of lines sums to zero: a posting that does not is a bug, never written. */
export function assertBalanced(lines: Line[]): void {
  const sums = new Map<string, Decimal>();
  for (const line of lines) {
    sums.set(line.currency, (sums.get(line.currency) ?? new Decimal(0)).add(line.amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`Unbalanced ledger posting: ${currency} sums to ${sum.toFixed()}`);
  }
}

const accountKey = (kind: LedgerAccountKind, currency: string) => `${kind} ${currency}`;

/**
 * The organization's ledger accounts for these lines (kind and currency), created when missing.
 * Created in one statement in one order (kind, then currency): two first postings of an
 * organization that need the same new accounts wait for each other's in that order, and never
 * deadlock (in line order, an on-ramp and an off-ramp would take them crosswise).
 */
async function accountUids(tx: Database, organizationUid: string, lines: Line[]) {
  const byKey = new Map(
    lines.map((line) => [
      accountKey(line.kind, line.currency),
      { organizationUid, kind: line.kind, currency: line.currency },
    ]),
  );
  const wanted = [...byKey].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, account]) => account);
  const rows = await ensureLedgerAccounts(tx, organizationUid, wanted);
  const uids = new Map(rows.map((row) => [accountKey(row.kind, row.currency), row.uid]));
  return (line: Line) => {
    const uid = uids.get(accountKey(line.kind, line.currency));
    if (!uid) throw new Error('ledger account vanished');
    return uid;
  };
}

/** What every line of one posting carries besides its account and amount. */
interface PostingOf {
  organizationUid: string;
  /** A transfer's posting, or an incoming deposit's (chain_transfers). */
  transferUid: string | null;
  chainTransferUid?: string | null;
  fiatCurrency: string | null;
  walletUid: string | null;
}

async function writeLines(
  tx: Database,
  of: PostingOf,
  posting: 'transfer' | 'reversal' | 'incoming' | 'safe_transfer',
  status: 'pending' | 'posted',
  lines: Line[],
): Promise<void> {
  assertBalanced(lines);
  const accountOf = await accountUids(tx, of.organizationUid, lines);
  // The running balances these lines move are updated by the statement's trigger, in the
  // balances' key order whatever the lines' order (migration 0016).
  await insertLedgerEntries(
    tx,
    lines.map((line) => ({
      organizationUid: of.organizationUid,
      accountUid: accountOf(line),
      transferUid: of.transferUid,
      chainTransferUid: of.chainTransferUid ?? null,
      posting,
      currency: line.currency,
      amount: line.amount.toFixed(),
      status,
      fiatCurrency: of.fiatCurrency,
      walletUid: of.walletUid,
      ...(status === 'posted' ? { postedAt: new Date() } : {}),
    })),
  );
}

const postingOfTransfer = (transfer: TransferRow): PostingOf => ({
  organizationUid: transfer.organizationUid,
  transferUid: transfer.uid,
  fiatCurrency: transfer.fiatCurrency,
  walletUid: transfer.walletUid,
});

/**
 * Tokens that reached the organization's Safe or one of its registered wallets with no transfer to
 * explain them (holdings' watcher, chain_transfers kind 'incoming'): posted at once, from the
 * outside (`external_wallets`) to the Safe or the wallet, through no fiat rail. The caller holds the
 * organization's money lock.
 */
export function postIncomingDeposit(
  tx: Database,
  deposit: {
    organizationUid: string;
    chainTransferUid: string;
    holder: 'safe' | 'registered';
    walletUid: string | null;
    currency: string;
    amount: string;
  },
): Promise<void> {
  const amount = new Decimal(deposit.amount);
  return writeLines(
    tx,
    {
      organizationUid: deposit.organizationUid,
      transferUid: null,
      chainTransferUid: deposit.chainTransferUid,
      fiatCurrency: null,
      walletUid: deposit.holder === 'registered' ? deposit.walletUid : null,
    },
    'incoming',
    'posted',
    [
      { kind: deposit.holder === 'safe' ? 'safe' : 'wallets', currency: deposit.currency, amount },
      { kind: 'external_wallets', currency: deposit.currency, amount: amount.neg() },
    ],
  );
}

/**
 * Tokens the organization's Safe sent in a transaction of its queue, once executed on chain
 * (safe-transactions' execution job, chain_transfers kind 'safe_transfer'): posted at once, from the
 * Safe to the registered wallet it paid (`walletUid`), else to the outside. The caller holds the
 * organization's money lock.
 */
export function postSafeTransfer(
  tx: Database,
  sent: {
    organizationUid: string;
    chainTransferUid: string;
    walletUid: string | null;
    currency: string;
    amount: string;
  },
): Promise<void> {
  const amount = new Decimal(sent.amount);
  return writeLines(
    tx,
    {
      organizationUid: sent.organizationUid,
      transferUid: null,
      chainTransferUid: sent.chainTransferUid,
      fiatCurrency: null,
      walletUid: sent.walletUid,
    },
    'safe_transfer',
    'posted',
    [
      { kind: 'safe', currency: sent.currency, amount: amount.neg() },
      { kind: sent.walletUid ? 'wallets' : 'external_wallets', currency: sent.currency, amount },
    ],
  );
}

/** When a transfer is created: its whole movement as pending lines. */
export function postPending(tx: Database, transfer: TransferRow): Promise<void> {
  return writeLines(tx, postingOfTransfer(transfer), 'transfer', 'pending', transferLines(transfer));
}

/**
 * Moves the ledger with the transfer's new status, in the transaction of the change: completed
 * posts the pending lines; failed, canceled or returned before completion archives them; returned
 * after completion posts reversing lines (posted lines are never changed).
 */
export async function settle(
  tx: Database,
  transfer: TransferRow,
  from: TransferRow['status'],
  to: TransferRow['status'],
): Promise<void> {
  if (to === 'completed') {
    await movePendingTransferLines(tx, transfer.uid, { status: 'posted', postedAt: new Date() });
  } else if (to === 'returned' && from === 'completed') {
    const reversed = transferLines(transfer).map((line) => ({ ...line, amount: line.amount.neg() }));
    await writeLines(tx, postingOfTransfer(transfer), 'reversal', 'posted', reversed);
  } else if (to === 'failed' || to === 'canceled' || to === 'returned') {
    await movePendingTransferLines(tx, transfer.uid, { status: 'archived' });
  }
}

/**
 * Balances per account and currency: posted and pending apart (archived lines count nowhere), from
 * the running balances the ledger keeps (ledger_balances).
 */
export async function ledgerBalances(db: Database, organizationUid: string): Promise<TLedgerBalance[]> {
  const rows = await ledgerBalanceSums(db, organizationUid);
  return rows.map((row) => ({
    ...row,
    posted: new Decimal(row.posted).toFixed(),
    pending: new Decimal(row.pending).toFixed(),
  }));
}
