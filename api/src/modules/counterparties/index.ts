export { findBankBeneficiary, findBankBeneficiaryType, findRegisteredWallet } from './repo';
export { registerCounterpartyReferenceRoutes, registerCounterpartyRoutes } from './routes';
export { createCounterpartyService } from './service';
