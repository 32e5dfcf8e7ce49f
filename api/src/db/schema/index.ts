/**
 * The database schema (drizzle), one file per concern; drizzle-kit reads this folder and writes
 * the migrations in api/drizzle. Import tables from here (`db/schema`), not from the files.
 */

export * from './audit';
export * from './chain';
export * from './counterparties';
export * from './idempotency';
export * from './identity';
export * from './jobs';
export * from './kyb';
export * from './ledger';
export * from './messages';
export * from './notifications';
export * from './providers';
export * from './transfers';
export * from './wallet';
export * from './webhooks';
