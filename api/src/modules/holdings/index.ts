export { registerHoldingsRoutes } from './routes';
export { createHoldingsService, type HoldingsService } from './service';
export type { HoldingsWatcher } from './watcher';
