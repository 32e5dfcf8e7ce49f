export { findApplication as findKybApplication, kybDecidedSince, lockOrCreateApplication } from './repo';
export { RETIRED_DECISION_MAIL_JOB, retiredDecisionMailJob } from './retired-decision-mail-job';
export { registerKybReviewRoutes, registerKybRoutes } from './routes';
export { createKybService, type KybService } from './service';
