export { isPending } from './repo';
export { registerInvitationRoutes } from './routes';
export { createInvitationService } from './service';
