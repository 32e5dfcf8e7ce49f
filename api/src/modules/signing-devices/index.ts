export { registerSigningDeviceRoutes } from './routes';
export { createSigningDeviceService } from './service';
