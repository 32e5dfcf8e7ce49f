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
}

export interface SandboxState {
  onboardings: Record<string, SandboxOnboarding>;
  quotes: Record<string, SandboxQuote>;
  transfers: Record<string, SandboxTransfer>;
  events: Record<string, SandboxEvent>;
  deliveries: SandboxDelivery[];
  /** Keyed by `<account> <method> <path> <key>`. */
  idempotency: Record<string, SandboxIdempotencyRecord>;
}

const empty = (): SandboxState => ({
  onboardings: {},
  quotes: {},
  transfers: {},
  events: {},
  deliveries: [],
  idempotency: {},
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

  /** Writes the whole state atomically (temporary file + fsync + rename). */
  save(): void {
    if (!this.file) return;
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
