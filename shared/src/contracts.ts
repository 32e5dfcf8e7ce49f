/**
 * The contracts entry: request/response schemas, messages, paths and the permission matrix.
 * Free of React and the DOM, so the API imports it as well as every app.
 */
export * from './contracts/api-keys';
export * from './contracts/audit';
export * from './contracts/auth';
export * from './contracts/boot';
export * from './contracts/catalogue';
export * from './contracts/common';
export * from './contracts/counterparties';
export * from './contracts/events';
export * from './contracts/holdings';
export * from './contracts/invitations';
export * from './contracts/kyb';
export * from './contracts/locale';
export * from './contracts/mailbox';
export * from './contracts/members';
export * from './contracts/message-codes';
export * from './contracts/messages';
export * from './contracts/money';
export * from './contracts/network-ids';
export * from './contracts/networks';
export * from './contracts/notifications';
export * from './contracts/organization';
export * from './contracts/overview';
export * from './contracts/paths';
export * from './contracts/permissions';
export * from './contracts/profile';
export * from './contracts/providers';
export * from './contracts/rails';
export * from './contracts/releases';
export * from './contracts/remotes';
export * from './contracts/safe-transactions';
export * from './contracts/signing-devices';
export * from './contracts/tokens';
export * from './contracts/transfers';
export * from './contracts/uploads';
export * from './contracts/wallet';
export * from './contracts/webhooks';
