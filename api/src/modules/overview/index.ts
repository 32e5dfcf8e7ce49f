export { balances as ledgerBalancesOf } from './repo';
export { registerOverviewRoutes } from './routes';
export { createOverviewService } from './service';
