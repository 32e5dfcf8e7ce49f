export { approvalMailJob } from './approval-mail';
export { latestTransfers } from './repo';
export { registerTransferRoutes } from './routes';
export { createTransferService, type TransferService } from './service';
