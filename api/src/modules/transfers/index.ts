export { transferStatusChanges, transfersChangedSince } from './changes-repo';
export { type ChainTransferOwner, findDeliveryOwner, insertChainTransfer } from './deliveries-repo';
export { publishTransferUpdated } from './deps';
export { postIncomingDeposit, postSafeTransfer } from './ledger';
export { latestTransfers, lockOrganizationMoney, trim as trimAmount } from './repo';
export { RETIRED_APPROVAL_MAIL_JOB, retiredApprovalMailJob } from './retired-approval-mail-job';
export { registerTransferRoutes } from './routes';
export { failUnpaidSafeOffRamp, findSafeOffRamp, type SafeOffRamp } from './safe-off-ramp';
export { createTransferService, type TransferService } from './service';
