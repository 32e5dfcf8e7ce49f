import { type AppDatabase, openPglite } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * In-memory PGlite databases for tests, started from a dumped data directory instead of initdb.
 *
 * A new PGlite runs initdb in WebAssembly first: 5 to 8 s of CPU on a busy 2-core machine, the
 * dearest step of a test database (the migrations take under one). Loading a dump of the same
 * cluster takes about a third of that. Each test process makes its two images once, from its first
 * database: the empty cluster (for tests that replay migrations from nothing) and the same cluster
 * migrated to the latest migration (what every other test starts from).
 */
interface Images {
  empty: Blob;
  migrated: Blob;
}

let images: Promise<Images> | undefined;

function pgliteImages(): Promise<Images> {
  images ??= (async () => {
    const database = await openPglite();
    try {
      if (database.kind !== 'pglite') throw new Error('PGlite expected');
      const empty = await database.client.dumpDataDir('none');
      await migrate(database);
      const migrated = await database.client.dumpDataDir('none');
      return { empty, migrated };
    } finally {
      await database.close();
    }
  })();
  // A failed attempt is not kept: the next caller tries again.
  images.catch(() => {
    images = undefined;
  });
  return images;
}

/**
 * A new PGlite, in memory or in a new `dataDir`: the empty cluster, or migrated to the latest
 * migration.
 */
export async function openImagePglite(state: 'empty' | 'migrated', dataDir?: string): Promise<AppDatabase> {
  const image = (await pgliteImages())[state];
  return openPglite(dataDir, image);
}
