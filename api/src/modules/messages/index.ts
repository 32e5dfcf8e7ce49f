export { createInboundService, type InboundService } from './inbound';
export { recordMailbox } from './repo';
export { registerInboundRoutes, registerMessageRoutes } from './routes';
export { createMessageService } from './service';
export { createInboundSmtpListener, type InboundSmtpListener } from './smtp';
