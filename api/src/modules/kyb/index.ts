export { lockOrCreateApplication } from './repo';
export { registerKybReviewRoutes, registerKybRoutes } from './routes';
export { createKybService, type KybService } from './service';
