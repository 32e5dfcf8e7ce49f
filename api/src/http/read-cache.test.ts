import { ZOrganizationResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
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
});
