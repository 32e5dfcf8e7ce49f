export { registerDevRoutes } from './routes';
export { createDevService } from './service';
