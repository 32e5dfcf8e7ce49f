import type { Database } from '../../db/client';
import { auditEventsOfSubject, insertAuditEvent } from './repo';
import { currentAuditSource } from './source';

/** Who made a change: a person (by uid and e-mail), an API key, an operator, a provider or the system. */
export type AuditActor =
  | { kind: 'user'; userUid: string; email: string }
  | { kind: 'apiKey'; apiKeyUid: string; name: string }
  | { kind: 'operator'; email: string; userUid?: string }
  | { kind: 'provider'; providerUid: string }
  | { kind: 'system' };

export interface AuditEntry {
  organizationUid: string | null;
  actor: AuditActor;
  /** Dotted verb, subject first: 'kyb.submitted', 'registered_wallet.deleted'. */
  action: string;
  subjectType: string;
  subjectUid: string;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** What changed, for changes that are not a state move (never secrets). */
  data?: Record<string, unknown>;
}

function actorLabel(actor: AuditActor): string {
  switch (actor.kind) {
    case 'user':
      return actor.email;
    case 'apiKey':
      return `api_key:${actor.apiKeyUid} (${actor.name})`;
    case 'operator':
      return `operator:${actor.email}`;
    case 'provider':
      return `provider:${actor.providerUid}`;
    case 'system':
      return 'system';
  }
}

/**
 * Records one change. Call it with the transaction that makes the change, so the record and the
 * change commit together or not at all.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const source = currentAuditSource();
  // A request authenticated by an API key acts as its creator, but the record names the key.
  const actor: AuditActor =
    entry.actor.kind === 'user' && source.apiKey
      ? { kind: 'apiKey', apiKeyUid: source.apiKey.uid, name: source.apiKey.name }
      : entry.actor;
  await insertAuditEvent(db, {
    requestId: source.requestId,
    ip: source.ip,
    organizationUid: entry.organizationUid,
    actorUserUid:
      actor.kind === 'user' ? actor.userUid : actor.kind === 'operator' ? (actor.userUid ?? null) : null,
    actor: actorLabel(actor),
    action: entry.action,
    subjectType: entry.subjectType,
    subjectUid: entry.subjectUid,
    fromState: entry.from ?? null,
    toState: entry.to ?? null,
    note: entry.note ?? null,
    data: entry.data ?? null,
  });
}

export interface AuditRecord {
  actor: string;
  actorUserUid: string | null;
  action: string;
  from: string | null;
  to: string | null;
  note: string | null;
  data: Record<string, unknown> | null;
  at: string;
}

/** The history of one object, oldest first (a KYB timeline, a transfer's states). */
export async function auditTrail(
  db: Database,
  subject: { organizationUid: string; subjectType: string; subjectUid: string },
): Promise<AuditRecord[]> {
  const rows = await auditEventsOfSubject(db, subject);
  return rows.map((row) => ({
    actor: row.actor,
    actorUserUid: row.actorUserUid,
    action: row.action,
    from: row.fromState,
    to: row.toState,
    note: row.note,
    data: row.data,
    at: row.createdAt.toISOString(),
  }));
}

/** The actor for a signed-in person. */
export function userActor(user: { uid: string; email: string }): AuditActor {
  return { kind: 'user', userUid: user.uid, email: user.email };
}
