import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { emptyDatabase, migrateFrom, migrationsBefore } from '../../test/migration-replay';
import { transferNote } from './notes';

describe('transferNote', () => {
  it('words a decision in English and keeps its code and values', () => {
    expect(transferNote('approved_by', { actor: 'ana@example.com' })).toEqual({
      text: 'Approved by ana@example.com',
      code: 'approved_by',
      params: { actor: 'ana@example.com' },
    });
    expect(transferNote('canceled_by', { actor: 'ana@example.com', reason: '' })).toEqual({
      text: 'Canceled by ana@example.com',
      code: 'canceled_by',
      params: { actor: 'ana@example.com' },
    });
    expect(transferNote('rejected_by', { actor: 'bruno@example.com', reason: 'Wrong beneficiary' })).toEqual({
      text: 'Rejected by bruno@example.com: Wrong beneficiary',
      code: 'rejected_by',
      params: { actor: 'bruno@example.com', reason: 'Wrong beneficiary' },
    });
  });

  it("words the API's own reasons as before the codes, with no actor; a refusal keeps the provider's words", () => {
    expect(transferNote('provider_unavailable', {})).toEqual({
      text: 'This provider cannot be reached from this installation.',
      code: 'provider_unavailable',
      params: {},
    });
    expect(transferNote('provider_refused', { reason: 'Chave Pix inválida' })).toEqual({
      text: 'The provider refused the transfer: Chave Pix inválida',
      code: 'provider_refused',
      params: { reason: 'Chave Pix inválida' },
    });
    expect(transferNote('provider_unreachable', {})).toEqual({
      text: 'We could not reach the provider. Nothing was moved; start again.',
      code: 'provider_unreachable',
      params: {},
    });
  });
});

const NOTE_CODES_MIGRATION = '0018_transfer_note_codes';
/**
 * Each migration test builds a database from nothing, twice over (to the migration, then past it): on
 * a busy 2-core CI machine that has taken 44 s, past the API project's 30 s.
 */
const MIGRATION_TEST_TIMEOUT_MS = 120_000;

/** A transfer's row as written before a migration (its organization, provider and quote left out). */
const transfer = (uid: string, status: string, failureReason: string | null) =>
  sql`insert into transfers (uid, organization_uid, provider_uid, quote_uid, type, status, network,
        fiat_currency, source_currency, source_amount, target_currency, target_amount, rate, fee,
        fee_currency, approval_required, failure_reason)
      values (${uid}, ${randomUUID()}, ${randomUUID()}, ${randomUUID()}, 'off_ramp', ${status},
        'polygon-amoy', 'BRL', 'testbrz', 1500, 'BRL', 1492.5, 1, 7.5, 'BRL', true, ${failureReason})`;
/** A timeline event's row as written before a migration. */
const event = (uid: string, from: string | null, to: string, source: string, note: string | null) =>
  sql`insert into transfer_events (transfer_uid, from_status, to_status, source, note)
      values (${uid}, ${from}, ${to}, ${source}, ${note})`;

/** Each transfer's failure reason code and values, by uid. */
async function failureReasonCodes(database: AppDatabase) {
  const transfers = await database.db.execute<{
    uid: string;
    failure_reason_code: string | null;
    failure_reason_params: unknown;
  }>(sql`select uid, failure_reason_code, failure_reason_params from transfers`);
  return Object.fromEntries(
    transfers.rows.map((row) => [row.uid, [row.failure_reason_code, row.failure_reason_params]]),
  );
}

describe(`migration ${NOTE_CODES_MIGRATION}`, () => {
  it(
    "gives the decisions written before it their code and values; a provider's reason stays free text",
    async () => {
      const database = await emptyDatabase();
      const before = migrationsBefore(NOTE_CODES_MIGRATION);
      await migrateFrom(database, before);

      const approved = randomUUID();
      const rejected = randomUUID();
      const withdrawn = randomUUID();
      const failed = randomUUID();
      const rejection = 'Rejected by bruno@example.com: Wrong beneficiary: see the invoice\nof March';
      await database.db.transaction(async (tx) => {
        // The rows only: their organization, provider and quote are not what this is about.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(transfer(approved, 'awaiting_funds', null));
        await tx.execute(event(approved, null, 'awaiting_approval', 'user', null));
        await tx.execute(
          event(approved, 'awaiting_approval', 'awaiting_funds', 'user', 'Approved by ana@example.com'),
        );
        await tx.execute(transfer(rejected, 'canceled', rejection));
        await tx.execute(event(rejected, 'awaiting_approval', 'canceled', 'user', rejection));
        await tx.execute(transfer(withdrawn, 'canceled', 'Canceled by carla@example.com'));
        await tx.execute(
          event(withdrawn, 'awaiting_approval', 'canceled', 'user', 'Canceled by carla@example.com'),
        );
        await tx.execute(transfer(failed, 'failed', 'Rejected by the receiving bank'));
        await tx.execute(
          event(failed, 'funds_received', 'failed', 'provider', 'Rejected by the receiving bank'),
        );
        await tx.execute(
          event(failed, 'funds_received', 'failed', 'provider', 'Rejected by ops@bank.example'),
        );
      });

      await migrate(database);

      const events = await database.db.execute<{
        transfer_uid: string;
        note: string | null;
        note_code: string | null;
        note_params: unknown;
      }>(sql`select transfer_uid, note, note_code, note_params from transfer_events order by id`);
      expect(events.rows.map((row) => [row.transfer_uid, row.note, row.note_code, row.note_params])).toEqual([
        [approved, null, null, null],
        [approved, 'Approved by ana@example.com', 'approved_by', { actor: 'ana@example.com' }],
        [
          rejected,
          rejection,
          'rejected_by',
          { actor: 'bruno@example.com', reason: 'Wrong beneficiary: see the invoice\nof March' },
        ],
        [withdrawn, 'Canceled by carla@example.com', 'canceled_by', { actor: 'carla@example.com' }],
        [failed, 'Rejected by the receiving bank', null, null],
        [failed, 'Rejected by ops@bank.example', null, null],
      ]);
      expect(await failureReasonCodes(database)).toEqual({
        [approved]: [null, null],
        [rejected]: [
          'rejected_by',
          { actor: 'bruno@example.com', reason: 'Wrong beneficiary: see the invoice\nof March' },
        ],
        [withdrawn]: ['canceled_by', { actor: 'carla@example.com' }],
        [failed]: [null, null],
      });
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});

const API_REASON_CODES_MIGRATION = '0019_transfer_api_reason_codes';

describe(`migration ${API_REASON_CODES_MIGRATION}`, () => {
  it(
    "gives the API's own reasons written before it their code and values; a provider's words stay free text",
    async () => {
      const database = await emptyDatabase();
      const before = migrationsBefore(API_REASON_CODES_MIGRATION);
      await migrateFrom(database, before);

      const unavailableText = 'This provider cannot be reached from this installation.';
      const refusedText =
        'The provider refused the transfer: POST /v1/transfers answered 422: Chave Pix inválida';
      const unreachableText = 'We could not reach the provider. Nothing was moved; start again.';
      const unavailable = randomUUID();
      const refused = randomUUID();
      const unreachable = randomUUID();
      const byProvider = randomUUID();
      const rejected = randomUUID();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(transfer(unavailable, 'failed', unavailableText));
        await tx.execute(event(unavailable, 'awaiting_funds', 'failed', 'system', unavailableText));
        await tx.execute(transfer(refused, 'failed', refusedText));
        await tx.execute(event(refused, 'awaiting_funds', 'failed', 'system', refusedText));
        await tx.execute(transfer(unreachable, 'failed', unreachableText));
        await tx.execute(event(unreachable, 'awaiting_funds', 'failed', 'system', unreachableText));
        // A provider that happens to word its reason the same way: its words, not ours.
        await tx.execute(transfer(byProvider, 'failed', refusedText));
        await tx.execute(event(byProvider, 'funds_received', 'failed', 'provider', refusedText));
        await tx.execute(event(byProvider, 'funds_received', 'failed', 'provider', unreachableText));
        // A member's decision, coded by 0018, is left as it is.
        await tx.execute(transfer(rejected, 'canceled', 'Rejected by bruno@example.com'));
        await tx.execute(sql`insert into transfer_events (transfer_uid, from_status, to_status, source, note,
            note_code, note_params)
          values (${rejected}, 'awaiting_approval', 'canceled', 'user', 'Rejected by bruno@example.com',
            'rejected_by', ${JSON.stringify({ actor: 'bruno@example.com' })}::jsonb)`);
        await tx.execute(sql`update transfers set failure_reason_code = 'rejected_by',
            failure_reason_params = ${JSON.stringify({ actor: 'bruno@example.com' })}::jsonb
          where uid = ${rejected}`);
      });

      await migrate(database);

      const events = await database.db.execute<{
        transfer_uid: string;
        note_code: string | null;
        note_params: unknown;
      }>(sql`select transfer_uid, note_code, note_params from transfer_events order by id`);
      expect(events.rows.map((row) => [row.transfer_uid, row.note_code, row.note_params])).toEqual([
        [unavailable, 'provider_unavailable', {}],
        [refused, 'provider_refused', { reason: 'POST /v1/transfers answered 422: Chave Pix inválida' }],
        [unreachable, 'provider_unreachable', {}],
        [byProvider, null, null],
        [byProvider, null, null],
        [rejected, 'rejected_by', { actor: 'bruno@example.com' }],
      ]);
      expect(await failureReasonCodes(database)).toEqual({
        [unavailable]: ['provider_unavailable', {}],
        [refused]: ['provider_refused', { reason: 'POST /v1/transfers answered 422: Chave Pix inválida' }],
        [unreachable]: ['provider_unreachable', {}],
        [byProvider]: [null, null],
        [rejected]: ['rejected_by', { actor: 'bruno@example.com' }],
      });
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
