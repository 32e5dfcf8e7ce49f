/**
 * The areas' contracts, and the API calls several apps use, for the browser. Not a federation
 * shared module: each app bundles what it imports from here (tree-shaken), and these modules reach
 * the client, the session and the core contracts through the `@dash/shared` singleton. A call one
 * app uses is that app's own, in `src/features/<feature>/api/`. What the session needs at boot (me,
 * the organization list, the remotes manifest and their contracts) is in `@dash/shared` itself.
 */
export * from './contracts/api-keys';
export * from './contracts/audit';
export * from './contracts/counterparties';
export * from './contracts/holdings';
export * from './contracts/invitations';
export * from './contracts/kyb';
export * from './contracts/mailbox';
export * from './contracts/members';
export * from './contracts/messages';
export * from './contracts/money';
export * from './contracts/network-ids';
export * from './contracts/networks';
export * from './contracts/notifications';
export * from './contracts/overview';
export * from './contracts/profile';
export * from './contracts/providers';
export * from './contracts/rails';
export * from './contracts/releases';
export * from './contracts/safe-transactions';
export * from './contracts/signing-devices';
export * from './contracts/transfers';
export * from './contracts/uploads';
export * from './contracts/wallet';
export * from './contracts/webhooks';
export * from './endpoints/create-upload';
export * from './endpoints/get-holdings';
export * from './endpoints/get-organization-users';
export * from './endpoints/get-overview';
export * from './endpoints/get-providers';
export * from './endpoints/get-registered-wallets';
export * from './endpoints/get-signing-devices';
export * from './endpoints/upload-file';
