import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/client';
import { openTestDatabase } from './database';
import { snapshotTables } from './snapshot';

/** The change detector the matrix and the fuzzer rely on ("a refused request changed nothing"). */
describe('snapshotTables', () => {
  let database: AppDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table snapshot_probe (id int primary key, note text not null)`);
  });
  // Every test starts from the same two rows, whatever ran before it (`--sequence.shuffle`).
  beforeEach(async () => {
    await database.db.execute(sql`delete from snapshot_probe`);
    await database.db.execute(sql`insert into snapshot_probe values (1, 'a'), (2, 'b')`);
  });
  afterAll(() => database?.close());

  const probe = async (ignore: string[] = []) => (await snapshotTables(database.db, ignore)).snapshot_probe;

  it('is the same while nothing is written, reads included', async () => {
    const before = await snapshotTables(database.db);
    await database.db.execute(sql`select * from snapshot_probe`);
    expect(await snapshotTables(database.db)).toEqual(before);
    expect(before.snapshot_probe?.rows).toBe(2);
  });

  it('sees an update that keeps the row count, even one that writes the same value', async () => {
    const before = await probe();
    await database.db.execute(sql`update snapshot_probe set note = 'c' where id = 1`);
    const afterChange = await probe();
    expect(afterChange).not.toEqual(before);
    await database.db.execute(sql`update snapshot_probe set note = note where id = 2`);
    expect(await probe()).not.toEqual(afterChange);
  });

  it('sees a delete, and a delete with an insert that keeps the count', async () => {
    const before = await probe();
    await database.db.execute(sql`delete from snapshot_probe where id = 2`);
    const afterDelete = await probe();
    expect(afterDelete?.rows).toBe((before?.rows ?? 0) - 1);
    await database.db.execute(sql`insert into snapshot_probe values (3, 'd')`);
    const afterInsert = await probe();
    expect(afterInsert?.rows).toBe(before?.rows);
    expect(afterInsert).not.toEqual(before);
  });

  it('leaves out the tables it is told to ignore, and a rolled-back write changes nothing', async () => {
    expect(await probe(['snapshot_probe'])).toBeUndefined();
    const before = await snapshotTables(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update snapshot_probe set note = 'e'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await snapshotTables(database.db)).toEqual(before);
  });
});
