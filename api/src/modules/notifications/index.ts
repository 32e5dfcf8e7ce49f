export type { NotificationEvent } from './events';
export { dispatchJob, mailJob, type NotificationDeps } from './jobs';
export { notify } from './notify';
export { registerNotificationRoutes } from './routes';
