export { createInboundService, type InboundService } from './inbound';
export { findMessageOrigin, inboundMessagesSince } from './received-repo';
export { recordMailbox } from './repo';
export { registerInboundRoutes, registerMessageRoutes } from './routes';
export { createMessageService } from './service';
export { createInboundSmtpListener, type InboundSmtpListener } from './smtp';
