// The Safe transactions module's public surface: its routes (app.ts wires them with its deps).
export type { SafeTransactionDeps } from './deps';
export { executeSafeTransactionJob } from './execute-safe-transaction';
export { enqueueOffRampPayment, payOffRampJobs } from './pay-off-ramp-from-safe';
export {
  confirmationsOf as safeTransactionConfirmationsOf,
  listSafeTransactionsByHash,
  safeTxHashesChangedSince,
  signaturesAwaitedFrom,
} from './repo';
export { RETIRED_SIGNATURE_MAIL_JOB, retiredSignatureMailJob } from './retired-signature-mail-job';
export { registerSafeTransactionRoutes } from './routes';
export { awaitsSignature } from './signature-request';
