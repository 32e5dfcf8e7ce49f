import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyTestDatabase } from '../test/database';
import { auditTrail, recordAudit, userActor } from './audit';

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
});
