import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** An onboarding as the sandbox keeps it (its API answers a copy without `account`). */
export interface SandboxOnboarding {
  id: string;
  account: string;
  externalReference: string;
  business: Record<string, unknown>;
  status: 'pending_review' | 'needs_more_info' | 'approved' | 'rejected' | 'failed';
  reason: string | null;
  requirements: { code: string; description: string }[];
  webhookUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the automatic review decides (ms since the epoch); null once decided. */
  reviewAt: number | null;
}

export interface SandboxEvent {
  id: string;
  account: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** A webhook still to deliver (or delivered: deliveredAt set). */
export interface SandboxDelivery {
  eventId: string;
  url: string;
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: string | null;
  lastError: string | null;
}

/** What an earlier POST with an Idempotency-Key answered, and the fingerprint of its request. */
export interface SandboxIdempotencyRecord {
  fingerprint: string;
  status: number;
  body: unknown;
  at: string;
}

/** A quote as the sandbox keeps it (amounts are decimal strings). */
export interface SandboxQuote {
  id: string;
  account: string;
  type: 'on_ramp' | 'off_ramp';
  currency: string;
  network: string;
  sourceCurrency: string;
  sourceAmount: string;
  targetCurrency: string;
  targetAmount: string;
  rate: string;
  fee: string;
  feeCurrency: string;
  expiresAt: string;
}

export type SandboxTransferStatus =
  | 'awaiting_funds'
  | 'funds_received'
  | 'payment_submitted'
  | 'completed'
  | 'failed'
  | 'returned'
  | 'canceled';

/**
 * A transaction the sandbox signed, recorded (raw bytes, hash, nonce) before it is first broadcast:
 * a retry or a restart broadcasts these bytes again, never a new signature.
 */
export interface SandboxSignedTx {
  chainId: number;
  from: string;
  nonce: number;
  hash: `0x${string}`;
  raw: `0x${string}`;
  /**
   * pending until its receipt is `confirmations` blocks deep; then confirmed or reverted. dropped:
   * its nonce went to another transaction, so it can never be mined.
   */
  status: 'pending' | 'confirmed' | 'reverted' | 'dropped';
  /** Wei the sender pays for it at most (gas × max fee), a bigint as a decimal string. */
  maxCost: string;
  blockNumber: string | null;
}

/** An on-ramp's stablecoin going out: one ERC-20 transfer from the treasury to the wallet. */
export interface SandboxTokenDelivery {
  chainId: number;
  token: string;
  to: string;
  /** Base units, a bigint as a decimal string. */
  units: string;
  tx: SandboxSignedTx | null;
  /** Why it can never complete (it would revert, it reverted, its nonce was taken); the transfer failed. */
  error: string | null;
  finished: boolean;
  /** The webhook events its funds-received emitted, in order (a retried helper answers them again). */
  eventIds: string[];
}

/** A token Transfer log to an off-ramp's deposit address, counted once by (chainId, txHash, logIndex). */
export interface SandboxDeposit {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: string;
  token: string;
  symbol: string;
  sender: string;
  /** The token's decimal amount, and its base units (a bigint as a decimal string). */
  amount: string;
  units: string;
}

/**
 * Tokens going back on chain to whoever deposited them: gas for the deposit address from the
 * treasury, then the tokens from the deposit address. wrong_amount: a deposit of another amount (the
 * transfer ends returned); returned: the `return` helper after the funds were received; unexpected:
 * a deposit that came after the transfer had stopped waiting (the transfer is left as it is).
 */
export interface SandboxTokenReturn {
  cause: 'wrong_amount' | 'returned' | 'unexpected';
  deposit: SandboxDeposit;
  /** The helper's reason (cause returned). */
  reason: string | null;
  gas: SandboxSignedTx | null;
  tokens: SandboxSignedTx | null;
  error: string | null;
  finished: boolean;
  eventIds: string[];
}

/** A transfer as the sandbox keeps it (its API answers a copy without `account`). */
export interface SandboxTransfer {
  id: string;
  account: string;
  externalReference: string;
  quoteId: string;
  type: 'on_ramp' | 'off_ramp';
  status: SandboxTransferStatus;
  sourceCurrency: string;
  sourceAmount: string;
  targetCurrency: string;
  targetAmount: string;
  network: string;
  instructions: Record<string, unknown>;
  destination: Record<string, unknown>;
  txHash: string | null;
  payoutReference: string | null;
  failureReason: string | null;
  webhookUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** Off-ramp: where the stablecoin is to be sent (an address of the sandbox's own, per transfer). */
  depositAddress?: string | null;
  /** Off-ramp: the first deposit that arrived (the exact amount, or another one being returned). */
  deposit?: SandboxDeposit | null;
  /** On-ramp: the stablecoin sent to the wallet. */
  delivery?: SandboxTokenDelivery | null;
  returns?: SandboxTokenReturn[];
}

/** How far the deposit watcher has read a chain: its last processed block (a bigint as a decimal string). */
export interface SandboxChainCursor {
  lastBlock: string;
}

export interface SandboxState {
  onboardings: Record<string, SandboxOnboarding>;
  quotes: Record<string, SandboxQuote>;
  transfers: Record<string, SandboxTransfer>;
  events: Record<string, SandboxEvent>;
  deliveries: SandboxDelivery[];
  /** Keyed by `<account> <method> <path> <key>`. */
  idempotency: Record<string, SandboxIdempotencyRecord>;
  /** Keyed by chain id. */
  chainCursors: Record<string, SandboxChainCursor>;
  /** Every deposit log counted, `<chainId>:<txHash>:<logIndex>` → transfer id. */
  creditedLogs: Record<string, string>;
}

const empty = (): SandboxState => ({
  onboardings: {},
  quotes: {},
  transfers: {},
  events: {},
  deliveries: [],
  idempotency: {},
  chainCursors: {},
  creditedLogs: {},
});

/**
 * The sandbox's own persisted state: one JSON file under DATA_DIR/sandbox-provider, written whole
 * to a temporary file, fsynced and renamed over the old one, so a crash leaves the old state or the
 * new one, never half of either. Without a directory it lives in memory (tests that need no restart).
 */
export class SandboxStore {
  readonly state: SandboxState;
  private readonly file: string | null;

  constructor(dir: string | null) {
    this.file = dir ? path.join(dir, 'state.json') : null;
    if (!dir || !this.file) {
      this.state = empty();
      return;
    }
    mkdirSync(dir, { recursive: true });
    let loaded: SandboxState;
    try {
      loaded = { ...empty(), ...(JSON.parse(readFileSync(this.file, 'utf8')) as Partial<SandboxState>) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      loaded = empty();
    }
    this.state = loaded;
  }

  private closed = false;

  /** Nothing is written after this (the provider stopped; a new one may own the file already). */
  close(): void {
    this.closed = true;
  }

  /** Writes the whole state atomically (temporary file + fsync + rename). */
  save(): void {
    if (!this.file || this.closed) return;
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    const fd = openSync(temporary, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
  }
}
