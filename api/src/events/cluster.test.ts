import type { TOrganizationEvent } from '@dash/shared/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { runKybCli } from '../modules/kyb/cli';
import { recordForgetting, testConfig } from '../test/app';
import { emptyTestDatabase, TEST_DATABASE_URL } from '../test/database';
import { addMember, createOrganization, signInUser } from '../test/factories';
import { call } from '../test/http';
import { submitCompleteApplication } from '../test/kyb';
import { createProvider, deliver, threadsOf } from '../test/messages';
import { createClusteredEventBus, createInProcessEventBus } from './bus';
import { CLUSTER_APPLICATION_PREFIX, CLUSTER_CHANNEL, createPostgresLink } from './cluster';

/** Polls until `check` holds (the other process hears of a write within milliseconds, not at once). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

// Several API processes exist only on PostgreSQL (PGlite admits one), so this runs in the
// PostgreSQL pass of the API tests.
describe.skipIf(!TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  async function twoProcesses() {
    const database = await emptyTestDatabase();
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const { pool, db } = database;
    const url = pool.options.connectionString as string;
    const other = await openPostgres(url, { max: 3 });
    if (other.kind !== 'postgres') throw new Error('PostgreSQL only');
    const config = testConfig();
    const start = async (linkPool: typeof pool, appDb: typeof db) => {
      const app = await buildApp({
        config,
        db: appDb,
        cacheReads: true,
        cluster: (log) => createPostgresLink({ url, pool: linkPool, log }),
      });
      await app.ready();
      return app;
    };
    const a = await start(pool, db);
    const b = await start(other.pool, other.db);
    onTestFinished(async () => {
      await a.close();
      await b.close();
      await other.close();
    });
    return { a, b, db, config, url, pool };
  }

  /** A Viewer whose membership b has cached (read twice through b), and their removal through a. */
  async function viewerCachedByB() {
    const processes = await twoProcesses();
    const { a, b, db, config } = processes;
    const admin = await signInUser(a);
    const organization = await createOrganization({ app: a, db, config }, admin.cookie);
    const viewer = await addMember({ app: a, db, config }, organization.uid, 'Viewer');
    const read = () =>
      call(b, 'GET', '/organization', { cookie: viewer.cookie, organization: organization.uid });
    // Twice: the second answer comes from b's cache.
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const remove = async () => {
      const removed = await call(a, 'DELETE', `/organization/users/${viewer.uid}`, {
        cookie: admin.cookie,
        organization: organization.uid,
      });
      expect(removed.statusCode, removed.body).toBe(204);
    };
    return { ...processes, read, remove };
  }

  it('a member removed through one process is refused by the other, which had the membership cached', async () => {
    const { read, remove } = await viewerCachedByB();
    await remove();
    // At once: the removal answered only after b had forgotten the membership it kept.
    expect((await read()).statusCode).toBe(404);
  });

  it('a process whose link is down reads permissions from the database: a member removed meanwhile is refused at once', async () => {
    const { pool, read, remove } = await viewerCachedByB();
    // Both processes lose their listening connections (as when PostgreSQL restarts or drops them):
    // the removal below reaches no other process, and b must not answer from what it kept.
    await pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where starts_with(application_name, $1)',
      [CLUSTER_APPLICATION_PREFIX],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await remove();
    expect((await read()).statusCode).toBe(404);
  });

  it("tells the other process which organization a write was in, so it forgets that organization's reads only", async () => {
    const { a, b, db, config } = await twoProcesses();
    const admin = await signInUser(a);
    const organization = await createOrganization({ app: a, db, config }, admin.cookie);
    const editor = await addMember({ app: a, db, config }, organization.uid, 'Editor');
    const forgotten = recordForgetting(b);

    const demoted = await call(a, 'PATCH', `/organization/users/${editor.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { role: 'Viewer' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await eventually(async () => forgotten.includes(organization.uid))).toBe(true);
    // Notifications arrive in commit order: the sign-ins' (of no organization) are all in by now.
    forgotten.length = 0;
    // A write of no organization (a sign-in) makes it forget everything.
    await call(a, 'POST', '/auth', { body: { email: 'someone@example.com' } });
    expect(await eventually(async () => forgotten.includes(undefined))).toBe(true);
  });

  it('a session signed out through one process is refused by the other at once, which had it cached', async () => {
    const { a, b, db, config } = await twoProcesses();
    const admin = await signInUser(a);
    const organization = await createOrganization({ app: a, db, config }, admin.cookie);
    const read = () =>
      call(b, 'GET', '/organization', { cookie: admin.cookie, organization: organization.uid });
    const me = () => call(b, 'GET', '/me', { cookie: admin.cookie });
    for (let round = 0; round < 2; round += 1) {
      expect((await read()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
    }

    expect((await call(a, 'POST', '/auth/sign-out', { cookie: admin.cookie })).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
  });

  it('a mail received by one process reaches a page connected to the other, whose cached thread list is renewed', async () => {
    const { a, b, db, config } = await twoProcesses();
    const admin = await signInUser(a);
    const organization = await createOrganization({ app: a, db, config }, admin.cookie);
    const provider = await createProvider(db, 'Transfero');
    const mailbox = `${organization.slug}@${config.messages.clientMailDomain}`;
    const from = provider.addresses[0] as string;
    const threadNames = async () =>
      (await threadsOf(b, admin.cookie, organization.uid)).data.map((thread) => thread.name).sort();
    expect(await threadNames()).toEqual([]);
    const heard: TOrganizationEvent[] = [];
    b.events.subscribe(organization.uid, ({ event }) => heard.push(event));

    await deliver(
      { app: a, db, config },
      { from, to: mailbox, subject: 'Rates', text: 'Hello', messageId: 'c-1@t.example' },
    );
    expect(await eventually(async () => heard.some((event) => event.type === 'message.created'))).toBe(true);
    expect(heard.map((event) => event.type)).toEqual(['thread.created', 'message.created']);
    expect(await threadNames()).toEqual(['Rates']);
  });

  it("a decision taken with pnpm ops (its own process) reaches the API's stream", async () => {
    const { a, db, config, url, pool } = await twoProcesses();
    const admin = await signInUser(a);
    const organization = await createOrganization({ app: a, db, config }, admin.cookie);
    await submitCompleteApplication(a, { cookie: admin.cookie, organization: organization.uid });
    const heard: TOrganizationEvent[] = [];
    a.events.subscribe(organization.uid, ({ event }) => heard.push(event));

    // The CLI's own link, as main() in kyb/cli.ts opens it.
    const link = await createPostgresLink({ url, pool, log: a.log });
    try {
      const code = await runKybCli(['kyb', 'approve', organization.slug], {
        db,
        config,
        events: createClusteredEventBus(createInProcessEventBus(), link),
        print: () => {},
      });
      expect(code).toBe(0);
    } finally {
      await link.close();
    }
    expect(await eventually(async () => heard.some((event) => event.type === 'kyb.updated'))).toBe(true);
  });

  describe('the link', () => {
    /** Two links on one database, as two processes hold them (no API around them). */
    async function links(options: Partial<Parameters<typeof createPostgresLink>[0]> = {}) {
      const database = await emptyTestDatabase();
      if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const { pool } = database;
      const url = pool.options.connectionString as string;
      const log = Fastify({ logger: false }).log;
      const a = await createPostgresLink({ url, pool, log, ...options });
      const b = await createPostgresLink({ url, pool, log, ...options });
      onTestFinished(async () => {
        await a.close();
        await b.close();
      });
      return { a, b, url, pool };
    }

    it('a broadcast resolves only once every other process has applied it', async () => {
      const { a, b } = await links();
      const applied: Array<string | undefined> = [];
      b.onMessage((message) => {
        if (message.type === 'invalidate') applied.push(message.organizationUid);
      });
      for (const organizationUid of ['org-1', 'org-2', undefined]) {
        await a.broadcast({ type: 'invalidate', organizationUid });
        // No waiting: b's handler has run by the time the broadcast resolved.
        expect(applied.at(-1)).toBe(organizationUid);
      }
      expect(applied).toEqual(['org-1', 'org-2', undefined]);
    });

    it('a process that never acknowledges holds a broadcast only until the timeout', async () => {
      const { a, url } = await links({ ackTimeoutMs: 400 });
      // Listens like a process of the cluster, but never answers (as a stalled one would not).
      const silent = new pg.Client({
        connectionString: url,
        application_name: `${CLUSTER_APPLICATION_PREFIX}silent`,
      });
      await silent.connect();
      await silent.query(`LISTEN ${CLUSTER_CHANNEL}`);
      onTestFinished(() => silent.end());
      const started = Date.now();
      await a.broadcast({ type: 'invalidate' });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(390);
      expect(waited).toBeLessThan(1_900);
    });

    it('is current only while it hears its own heartbeat: after a stall it serves nothing from memory until it caught up', async () => {
      const { a } = await links({ heartbeatMs: 40, trustMs: 200 });
      expect(await eventually(async () => a.isCurrent())).toBe(true);
      // The event loop blocked for longer than the trust window: whatever the others broadcast
      // meanwhile is still unread in the socket.
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // stalled
      }
      expect(a.isCurrent()).toBe(false);
      expect(await eventually(async () => a.isCurrent())).toBe(true);
      await a.close();
      expect(a.isCurrent()).toBe(false);
    });
  });
});
