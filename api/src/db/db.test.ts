import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZMyOrganizationsResponse } from '@dash/shared/contracts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { emptyTestDatabase, TEST_DATABASE_URL } from '../test/database';
import { call } from '../test/http';
import { createDatabase } from './client';
import { migrate } from './migrate';
import { memberships, organizations, signingDevices, users } from './schema';
import { DEMO_ORGANIZATION, DEMO_SIGNING_DEVICE, DEMO_USER, seed } from './seed';

describe('migrate', () => {
  it('can run again on an up-to-date database without changing it', async () => {
    const database = await emptyTestDatabase();
    await database.db.insert(users).values({ email: 'kept@example.com' });

    await migrate(database);
    await migrate(database);

    expect(await database.db.select({ email: users.email }).from(users)).toEqual([
      { email: 'kept@example.com' },
    ]);
  });
});

describe('seed', () => {
  it('creates the demo Admin of the Approved "Acme Treasury", and a second run changes nothing', async () => {
    const { db } = await emptyTestDatabase();

    const first = await seed(db);
    const snapshot = {
      users: await db.select().from(users),
      organizations: await db.select().from(organizations),
      memberships: await db.select().from(memberships),
      signingDevices: await db.select().from(signingDevices),
    };
    const second = await seed(db);

    expect(second).toEqual(first);
    expect(snapshot.users).toEqual([expect.objectContaining({ ...DEMO_USER, uid: first.userUid })]);
    expect(snapshot.organizations).toEqual([
      expect.objectContaining({
        ...DEMO_ORGANIZATION,
        approvalStatus: 'Approved',
        uid: first.organizationUid,
      }),
    ]);
    expect(snapshot.memberships).toEqual([expect.objectContaining({ role: 'Admin' })]);
    expect(snapshot.signingDevices).toEqual([
      expect.objectContaining({ ...DEMO_SIGNING_DEVICE, userUid: first.userUid }),
    ]);
    expect({
      users: await db.select().from(users),
      organizations: await db.select().from(organizations),
      memberships: await db.select().from(memberships),
      signingDevices: await db.select().from(signingDevices),
    }).toEqual(snapshot);
  });

  it('lets the demo user sign in and find their organization', async () => {
    const { app, db } = await createTestApp();
    await seed(db);
    const cookie = await signIn(app, 'Demo@Example.com');

    const me = await call(app, 'GET', '/me', { cookie });
    const mine = ZMyOrganizationsResponse.parse(
      (await call(app, 'GET', '/me/organizations', { cookie })).json(),
    );

    expect(me.json().data).toMatchObject({ email: 'demo@example.com', firstName: 'Demo', lastName: 'User' });
    expect(mine.data).toEqual([
      expect.objectContaining({
        name: 'Acme Treasury',
        slug: 'acme-treasury',
        role: 'Admin',
        approvalStatus: 'Approved',
      }),
    ]);
  });
});

describe('createDatabase', () => {
  // Two databases on disk, each migrated from nothing: about 11 s alone, three times that on a slow
  // machine running both API projects side by side; a guard, not a speed target. The embedded
  // database only: the PostgreSQL run would repeat it word for word (28 s of its critical path).
  it.skipIf(TEST_DATABASE_URL)(
    'keeps the embedded database under DATA_DIR/pglite across restarts, one process at a time',
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'dash-api-test-'));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));

      const first = await createDatabase({ dataDir, databaseUrl: undefined });
      expect(first.kind).toBe('pglite');
      await migrate(first);
      await first.db.insert(users).values({ email: 'kept@example.com' });
      await expect(createDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(/in use by process/);
      await first.close();

      const reopened = await createDatabase({ dataDir, databaseUrl: undefined });
      try {
        await migrate(reopened);
        expect(await reopened.db.select({ email: users.email }).from(users)).toEqual([
          { email: 'kept@example.com' },
        ]);
      } finally {
        await reopened.close();
      }
    },
  );

  it.runIf(TEST_DATABASE_URL)('uses PostgreSQL through a pool when DATABASE_URL is set', async () => {
    const database = await createDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '/nonexistent' });
    try {
      expect(database.kind).toBe('postgres');
      expect((await database.db.execute('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
