import { createHash } from 'node:crypto';
import { codedMessage, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@dash/shared/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { canonicalJson } from './canonical-json';
import { AppError } from './errors';

/** Keys are kept this long (IETF idempotency-key draft: the server says how long). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim whose request has not finished in this time is taken over (its process died). */
const IN_FLIGHT_LEASE_MS = 60_000;

/**
 * 409 for a key whose request is still in flight, with Retry-After: when its lease runs out at the
 * latest (a request cut off by a crash holds it until then), so a client knows when to try again.
 */
function inFlight(lockedUntil: Date | null): AppError {
  const seconds = lockedUntil ? Math.ceil((lockedUntil.getTime() - Date.now()) / 1000) : 1;
  return new AppError('CONFLICT', codedMessage('messages.idempotencyInProgress'), undefined, {
    headers: { 'Retry-After': String(Math.min(IN_FLIGHT_LEASE_MS / 1000, Math.max(1, seconds))) },
  });
}

export interface IdempotentWork<T> {
  /** The answer, stored with the key in the same transaction as the work. */
  answer: T;
  /** Runs after the commit (wake the job runner, publish an event); not on a replay. */
  afterCommit?: () => Promise<void>;
}

/**
 * The one Idempotency-Key contract for POSTs that create or move money (IETF draft, as Stripe does
 * it): a missing key is 400; the key is claimed in its own short transaction (a second request with
 * it while the first runs answers 409); the work runs in a transaction that also stores the answer,
 * so a crash leaves neither; a repeat answers the stored answer with `Idempotent-Replayed: true`,
 * and the same key with another body (or on another route) is 422. A request that fails releases
 * its key, so a corrected retry may use it. Keys are scoped to organization and user, kept 24 h.
 */
export async function runIdempotent<T, P = undefined>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: { organizationUid: string; userUid: string },
  /** The route's success status, stored with the answer. */
  status: number,
  work: (tx: Database, prepared: P) => Promise<IdempotentWork<T>>,
  /**
   * Runs once the key is claimed, before the work's transaction and outside it: calls to other
   * systems (a provider's quote) belong here, never inside a transaction. Not run on a replay.
   */
  prepare?: () => Promise<P>,
): Promise<T> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  // Control characters (a NUL above all, which no text column can hold) are not part of a key.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  if (key === '' || key.length > 255 || /[\u0000-\u001f\u007f]/.test(key)) {
    throw new AppError('VALIDATION', codedMessage('messages.idempotencyKeyRequired'), {
      [IDEMPOTENCY_KEY_HEADER]: codedMessage('messages.idempotencyKeyFormat'),
    });
  }
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${canonicalJson(request.body)}`)
    .digest('hex');
  const where = and(
    eq(idempotencyKeys.organizationUid, scope.organizationUid),
    eq(idempotencyKeys.userUid, scope.userUid),
    eq(idempotencyKeys.key, key),
  );

  const claim = await db.transaction(async (tx) => {
    // Keys past their 24 h are forgotten (and a dead claim past its lease may be taken over).
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          where,
          lt(idempotencyKeys.createdAt, sql`now() - ${`${IDEMPOTENCY_KEY_TTL_MS} milliseconds`}::interval`),
        ),
      );
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({
        ...scope,
        key,
        fingerprint,
        lockedUntil: sql`now() + ${`${IN_FLIGHT_LEASE_MS} milliseconds`}::interval`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' as const };
    const [earlier] = await tx.select().from(idempotencyKeys).where(where).for('update');
    if (!earlier) throw inFlight(null);
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError('UNPROCESSABLE', codedMessage('messages.idempotencyKeyReused'));
    }
    if (earlier.responseStatus !== null) {
      return { kind: 'replay' as const, body: earlier.responseBody as T };
    }
    // In flight, unless its lease ran out (the process that claimed it died): then take it over.
    const [taken] = await tx
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() + ${`${IN_FLIGHT_LEASE_MS} milliseconds`}::interval` })
      .where(and(where, lt(idempotencyKeys.lockedUntil, sql`now()`)))
      .returning({ key: idempotencyKeys.key });
    if (!taken) throw inFlight(earlier.lockedUntil);
    return { kind: 'claimed' as const };
  });

  if (claim.kind === 'replay') {
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return claim.body;
  }

  let done: IdempotentWork<T>;
  try {
    const prepared = (prepare ? await prepare() : undefined) as P;
    done = await db.transaction(async (tx) => {
      const result = await work(tx, prepared);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: result.answer, lockedUntil: null })
        .where(where);
      return result;
    });
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.responseStatus} is null`));
    throw error;
  }
  await done.afterCommit?.();
  return done.answer;
}
