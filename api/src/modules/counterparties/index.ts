export { findBankBeneficiary, findBankBeneficiaryType } from './repo';
export { registerCounterpartyReferenceRoutes, registerCounterpartyRoutes } from './routes';
export { createCounterpartyService } from './service';
