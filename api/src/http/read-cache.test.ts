import { ZOrganizationResponse } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations, sessions } from '../db/schema';
import { createTestApp } from '../test/app';
import { addMember, createOrganization, signInUser } from '../test/factories';
import { call } from '../test/http';
import { createReadCache } from './read-cache';

describe('createReadCache', () => {
  it('keeps a loaded value until a write, and never keeps one loaded while a write happened', async () => {
    const cache = createReadCache({ enabled: true });
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: null });

    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.read('k', load)).toBe(2);

    // A load that overlaps a write is answered but not kept.
    const overlapping = cache.read('k2', async () => {
      cache.invalidate();
      return { value: 'stale', validUntil: null };
    });
    expect(await overlapping).toBe('stale');
    expect(await cache.read('k2', async () => ({ value: 'fresh', validUntil: null }))).toBe('fresh');
  });

  it('gives concurrent misses of one key one load, but never one that started before a write', async () => {
    const cache = createReadCache({ enabled: true });
    const releases: ((value: number) => void)[] = [];
    let loads = 0;
    const load = () => {
      loads += 1;
      return new Promise<{ value: number; validUntil: null }>((resolve) =>
        releases.push((value) => resolve({ value, validUntil: null })),
      );
    };
    const first = Promise.all([cache.read('k', load), cache.read('k', load), cache.read('k', load)]);
    expect(loads).toBe(1);
    releases[0]?.(1);
    expect(await first).toEqual([1, 1, 1]);

    cache.invalidate();
    const before = cache.read('k', load);
    cache.invalidate();
    // Arrived after the write: its own load, not the one under way.
    const after = cache.read('k', load);
    expect(loads).toBe(3);
    releases[1]?.(2);
    releases[2]?.(3);
    expect([await before, await after]).toEqual([2, 3]);
    // The load that overlapped a write was not kept; the later one was.
    expect(await cache.read('k', load)).toBe(3);
    expect(loads).toBe(3);

    // A failed load fails its joiners too, and the next read loads again.
    const failing = () => Promise.reject(new Error('down'));
    const failures = await Promise.allSettled([cache.read('f', failing), cache.read('f', failing)]);
    expect(failures.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.read('f', async () => ({ value: 'up', validUntil: null }))).toBe('up');
  });

  it("forgets an organization's entries and the unscoped ones on its write, and keeps the others'", async () => {
    const cache = createReadCache({ enabled: true });
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: null });
    expect(await cache.read('a', load, 'org-a')).toBe(1);
    expect(await cache.read('b', load, 'org-b')).toBe(2);
    expect(await cache.read('user', load)).toBe(3);

    cache.invalidate('org-a');
    expect(await cache.read('b', load, 'org-b')).toBe(2);
    expect(await cache.read('a', load, 'org-a')).toBe(4);
    expect(await cache.read('user', load)).toBe(5);

    // A write of no organization ('' too: a request that named two) forgets everything.
    cache.invalidate('');
    expect(await cache.read('a', load, 'org-a')).toBe(6);
    expect(await cache.read('b', load, 'org-b')).toBe(7);
    cache.invalidate();
    expect(await cache.read('b', load, 'org-b')).toBe(8);
    expect(await cache.read('user', load)).toBe(9);
  });

  it('keeps a load that overlapped a write elsewhere, never one that overlapped a write it concerns', async () => {
    const cache = createReadCache({ enabled: true });
    const during = (write: () => void, value: string) => async () => {
      write();
      return { value, validUntil: null };
    };
    const fresh = async () => ({ value: 'fresh', validUntil: null });
    // Organization b's load while a writes: kept.
    expect(
      await cache.read(
        'b',
        during(() => cache.invalidate('org-a'), 'kept'),
        'org-b',
      ),
    ).toBe('kept');
    expect(await cache.read('b', fresh, 'org-b')).toBe('kept');
    // Its own organization's write, an unscoped load during any organization's write, or a global
    // write: answered, not kept.
    expect(
      await cache.read(
        'a',
        during(() => cache.invalidate('org-a'), 'stale'),
        'org-a',
      ),
    ).toBe('stale');
    expect(await cache.read('a', fresh, 'org-a')).toBe('fresh');
    expect(
      await cache.read(
        'u',
        during(() => cache.invalidate('org-b'), 'stale'),
      ),
    ).toBe('stale');
    expect(await cache.read('u', fresh)).toBe('fresh');
    expect(
      await cache.read(
        'c',
        during(() => cache.invalidate(), 'stale'),
        'org-c',
      ),
    ).toBe('stale');
    expect(await cache.read('c', fresh, 'org-c')).toBe('fresh');

    // A read of a after a's write never joins the load that started before it.
    let release: (value: { value: string; validUntil: null }) => void = () => {};
    const before = cache.read(
      'late',
      () =>
        new Promise<{ value: string; validUntil: null }>((resolve) => {
          release = resolve;
        }),
      'org-a',
    );
    cache.invalidate('org-a');
    const after = cache.read('late', async () => ({ value: 'after', validUntil: null }), 'org-a');
    release({ value: 'before', validUntil: null });
    expect([await before, await after]).toEqual(['before', 'after']);
    expect(await cache.read('late', fresh, 'org-a')).toBe('after');
  });

  it('starts over when its values would pass the memory budget', async () => {
    const cache = createReadCache({ enabled: true, maxBytes: 1_000 });
    let loads = 0;
    const big = async () => ({ value: ++loads, validUntil: null, bytes: 600 });
    expect(await cache.read('a', big)).toBe(1);
    expect(await cache.read('a', big)).toBe(1);
    // 600 + 600 is over the budget: b is kept, a is gone.
    expect(await cache.read('b', big)).toBe(2);
    expect(await cache.read('b', big)).toBe(2);
    expect(await cache.read('a', big)).toBe(3);
  });

  it('drops an entry at its own deadline and loads every time when off', async () => {
    let clock = 1_000;
    const cache = createReadCache({ enabled: true, now: () => clock });
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: 2_000 });
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(1);
    clock = 2_000;
    expect(await cache.read('k', load)).toBe(2);

    const off = createReadCache({ enabled: false });
    let offLoads = 0;
    await off.read('k', async () => ({ value: ++offLoads, validUntil: null }));
    await off.read('k', async () => ({ value: ++offLoads, validUntil: null }));
    expect(offLoads).toBe(2);
  });

  it('serves and keeps nothing while it is not trusted (a process behind its cluster), then keeps again', async () => {
    let trusted = true;
    const cache = createReadCache({ enabled: true, trusted: () => trusted });
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: null });
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(1);
    trusted = false;
    expect(await cache.read('k', load)).toBe(2);
    expect(await cache.read('k', load)).toBe(3);
    trusted = true;
    // What it kept before stays valid: a connected link hears every write, only later.
    expect(await cache.read('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.read('k', load)).toBe(4);
    expect(await cache.read('k', load)).toBe(4);
  });
});

describe('the API with the read cache on (the embedded database)', () => {
  it('answers repeated reads from memory, and any write request makes the next read exact', async () => {
    const testApp = await createTestApp({}, { cacheReads: true });
    const { app, db } = testApp;
    const user = await signInUser(app);
    expect((await call(app, 'GET', '/me', { cookie: user.cookie })).statusCode).toBe(200);

    // Behind the API's back the session disappears: the cached answer still stands (proof it is cached)…
    await db.delete(sessions);
    expect((await call(app, 'GET', '/me', { cookie: user.cookie })).statusCode).toBe(200);
    // …until any request that may write, which empties the cache before it answers.
    await call(app, 'POST', '/auth', { body: { email: 'someone@example.com' } });
    expect((await call(app, 'GET', '/me', { cookie: user.cookie })).statusCode).toBe(401);
  });

  it('refuses a removed member and a signed-out session on their very next request', async () => {
    const testApp = await createTestApp({}, { cacheReads: true });
    const { app } = testApp;
    const admin = await signInUser(app);
    const organization = await createOrganization(testApp, admin.cookie);
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const asEditor = { cookie: editor.cookie, organization: organization.uid };

    for (let i = 0; i < 3; i += 1)
      expect((await call(app, 'GET', '/organization', asEditor)).statusCode).toBe(200);
    const demoted = await call(app, 'PATCH', `/organization/users/${editor.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { role: 'Viewer' },
    });
    expect(demoted.statusCode).toBe(200);
    const seen = await call(app, 'GET', '/organization', asEditor);
    expect(ZOrganizationResponse.parse(seen.json()).data.role).toBe('Viewer');

    const removed = await call(app, 'DELETE', `/organization/users/${editor.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call(app, 'GET', '/organization', asEditor)).statusCode).toBe(404);
    expect((await call(app, 'GET', '/me/organizations', { cookie: editor.cookie })).json()).toEqual({
      data: [],
    });

    expect((await call(app, 'GET', '/me', { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/auth/sign-out', { cookie: admin.cookie })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/me', { cookie: admin.cookie })).statusCode).toBe(401);
  });

  it("keeps one organization's cached reads through another organization's writes", async () => {
    const testApp = await createTestApp({}, { cacheReads: true });
    const { app, db } = testApp;
    const admin = await signInUser(app);
    const first = await createOrganization(testApp, admin.cookie);
    const second = await createOrganization(testApp, admin.cookie);
    const member = await addMember(testApp, first.uid, 'Editor');
    const nameIn = async (organizationUid: string) =>
      ZOrganizationResponse.parse(
        (
          await call(app, 'GET', '/organization', { cookie: admin.cookie, organization: organizationUid })
        ).json(),
      ).data.name;
    expect(await nameIn(first.uid)).toBe(first.name);
    expect(await nameIn(second.uid)).toBe(second.name);

    // Both renamed behind the API's back: the cached answers still stand (proof they are cached)…
    await db.update(organizations).set({ name: 'First, renamed' }).where(eq(organizations.uid, first.uid));
    await db.update(organizations).set({ name: 'Second, renamed' }).where(eq(organizations.uid, second.uid));
    expect(await nameIn(first.uid)).toBe(first.name);
    // …a write in the first organization makes its reads and the unscoped ones exact…
    const demoted = await call(app, 'PATCH', `/organization/users/${member.uid}`, {
      cookie: admin.cookie,
      organization: first.uid,
      body: { role: 'Viewer' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await nameIn(first.uid)).toBe('First, renamed');
    const listed = (await call(app, 'GET', '/me/organizations', { cookie: admin.cookie })).json() as {
      data: { uid: string; name: string }[];
    };
    expect(listed.data.find((organization) => organization.uid === second.uid)?.name).toBe('Second, renamed');
    // …and leaves the second organization's as they were, until a write of no organization.
    expect(await nameIn(second.uid)).toBe(second.name);
    await call(app, 'POST', '/auth', { body: { email: 'someone@example.com' } });
    expect(await nameIn(second.uid)).toBe('Second, renamed');
  });
});
