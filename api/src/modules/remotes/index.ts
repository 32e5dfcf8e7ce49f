export { registerRemotesRoutes } from './routes';
export { createRemotesService } from './service';
