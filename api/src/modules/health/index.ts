export { registerHealthRoutes } from './routes';
export { createHealthService } from './service';
