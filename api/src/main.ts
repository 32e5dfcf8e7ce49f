import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrate } from './db/migrate';
import { createPostgresLink } from './events/cluster';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const database = await createDatabase(config);
try {
  await migrate(database);
} catch (error) {
  console.error('Database migration failed:', error);
  await database.close();
  process.exit(1);
}

// The embedded database admits one process, so this one sees every write. On PostgreSQL several API
// processes may share the database: they tell each other about writes and events (LISTEN/NOTIFY).
const { databaseUrl } = config;
const app = await buildApp({
  config,
  db: database.db,
  cacheReads: true,
  jobs: { leaseMs: config.jobLeaseMs },
  ...(database.kind === 'postgres' && databaseUrl
    ? { cluster: (log) => createPostgresLink({ url: databaseUrl, pool: database.pool, log }) }
    : {}),
});

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'Shutting down');
  try {
    await app.close();
  } finally {
    await database.close();
  }
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

try {
  await app.listen({ host: config.host, port: config.port });
  // The embedded database admits one process: every job still marked running is an orphan.
  await app.jobs.start({ exclusive: database.kind === 'pglite' });
  await app.uploads.schedulePurge();
  await app.webhooks.startSweeping();
  app.holdings.start();
  const smtpPort = await app.inboundSmtp.listen(
    config.messages.inboundSmtpPort,
    config.messages.inboundSmtpHost,
  );
  app.log.info(
    {
      database: database.kind,
      outbox: config.outboxEnabled,
      publicUrl: config.publicUrl,
      inboundSmtp: `${config.messages.inboundSmtpHost}:${smtpPort}`,
      blobs: app.blobs.kind,
    },
    'API ready',
  );
} catch (error) {
  app.log.error(error, 'Could not start the API');
  await database.close();
  process.exit(1);
}
