export { registerMeRoutes } from './routes';
export { createMeService } from './service';
