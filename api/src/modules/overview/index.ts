export { registerOverviewRoutes } from './routes';
export { createOverviewService } from './service';
