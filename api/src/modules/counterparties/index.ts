export { registerCounterpartyReferenceRoutes, registerCounterpartyRoutes } from './routes';
export { createCounterpartyService } from './service';
