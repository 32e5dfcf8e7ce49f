import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '../../db/schema';
import { createJobRunner, enqueueJob } from '../../jobs/runner';
import { emptyTestDatabase } from '../../test/database';
import { auditTrail, recordAudit, userActor } from './audit';
import { withAuditSource } from './source';

describe('the audit record', () => {
  it('keeps every change of one object in order, with who, from, to and note', async () => {
    const { db } = await emptyTestDatabase();
    const organizationUid = randomUUID();
    const subject = { organizationUid, subjectType: 'kyb_application', subjectUid: organizationUid };
    const ada = userActor({ uid: randomUUID(), email: 'ada@example.com' });
    await recordAudit(db, { ...subject, actor: ada, action: 'kyb.saved', from: 'NotStarted', to: 'Draft' });
    await recordAudit(db, {
      ...subject,
      actor: { kind: 'operator', email: 'ops@example.com' },
      action: 'kyb.changes_requested',
      from: 'Submitted',
      to: 'ChangesRequested',
      note: 'The proof of address is older than 3 months.',
    });
    // Another object's record does not leak into this trail.
    await recordAudit(db, {
      ...subject,
      subjectUid: randomUUID(),
      actor: { kind: 'system' },
      action: 'other',
    });

    const trail = await auditTrail(db, subject);
    expect(trail.map(({ actor, action, from, to, note }) => ({ actor, action, from, to, note }))).toEqual([
      { actor: 'ada@example.com', action: 'kyb.saved', from: 'NotStarted', to: 'Draft', note: null },
      {
        actor: 'operator:ops@example.com',
        action: 'kyb.changes_requested',
        from: 'Submitted',
        to: 'ChangesRequested',
        note: 'The proof of address is older than 3 months.',
      },
    ]);
    expect(trail[0]?.actorUserUid).toBe(ada.kind === 'user' ? ada.userUid : null);
  });

  it('commits with the change it records, or not at all', async () => {
    const { db } = await emptyTestDatabase();
    const organizationUid = randomUUID();
    const subject = { organizationUid, subjectType: 'thing', subjectUid: 'x' };
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { ...subject, actor: { kind: 'system' }, action: 'thing.created' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditTrail(db, subject)).toEqual([]);
  });

  it('names its source: the request that made the change, or the job, never the request that woke the job', async () => {
    const { db } = await emptyTestDatabase();
    const organizationUid = randomUUID();
    const entry = {
      organizationUid,
      subjectType: 'thing',
      subjectUid: 'x',
      actor: { kind: 'system' } as const,
    };
    const runner = createJobRunner({ db, log: Fastify({ logger: false }).log, pollMs: 20 });
    runner.register({
      kind: 'test.audited',
      payload: z.object({}),
      handle: () => recordAudit(db, { ...entry, action: 'thing.by_job' }),
    });
    const request = { requestId: 'request-1', ip: '198.51.100.4' };
    const jobId = await withAuditSource(request, async () => {
      await recordAudit(db, { ...entry, action: 'thing.by_request' });
      const id = await enqueueJob(db, { kind: 'test.audited', payload: {} });
      await runner.drain();
      return id;
    });
    await recordAudit(db, { ...entry, action: 'thing.by_terminal' });

    const rows = await db.select().from(auditEvents);
    expect(rows.map(({ action, requestId, ip }) => ({ action, requestId, ip }))).toEqual([
      { action: 'thing.by_request', requestId: 'request-1', ip: '198.51.100.4' },
      { action: 'thing.by_job', requestId: `job:test.audited:${jobId}`, ip: null },
      { action: 'thing.by_terminal', requestId: null, ip: null },
    ]);
  });
});
