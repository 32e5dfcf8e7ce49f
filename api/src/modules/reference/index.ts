export { registerReferenceRoutes } from './routes';
