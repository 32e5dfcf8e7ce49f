import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type AppDatabase, openPostgres } from '../db/client';

/** One short connection to a PostgreSQL server with an admin URL (create and drop databases). */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new `t_<random>` database on the server of `adminUrl`, dropped again by close(). */
export async function createPostgresDatabase(
  adminUrl: string,
  options: { max: number },
): Promise<AppDatabase> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), options);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
