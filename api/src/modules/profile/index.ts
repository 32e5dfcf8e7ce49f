export { registerProfileRoutes } from './routes';
export { createProfileService } from './service';
