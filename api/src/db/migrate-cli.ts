import { ConfigError, loadConfig } from '../config';
import { createDatabase } from './client';
import { migrate } from './migrate';

try {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrate(database);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
