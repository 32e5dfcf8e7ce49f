import { ConfigError, loadConfig } from '../config';
import { createDatabase } from './client';
import { migrate } from './migrate';
import { DEMO_ORGANIZATION, DEMO_SIGNING_DEVICE, DEMO_USER, seed } from './seed';

try {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    // Seeding needs the tables; migrating first makes this safe to run on a brand-new database.
    await migrate(database);
    await seed(database.db);
    console.log(
      `Seeded (${database.kind}): ${DEMO_USER.email} is Admin of "${DEMO_ORGANIZATION.name}" (/${DEMO_ORGANIZATION.slug}), with the signing device "${DEMO_SIGNING_DEVICE.name}".`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
