export { findSigningDevice } from './repo';
export { registerSigningDeviceRoutes } from './routes';
export { createSigningDeviceService } from './service';
