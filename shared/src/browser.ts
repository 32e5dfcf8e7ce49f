/**
 * The browser entry of the shared package, a federation singleton: the API client, endpoints,
 * session context, theme and UI primitives, plus everything in the contracts entry.
 */
export * from './client/api-client';
export * from './client/boot-data';
export * from './client/query-client';
export * from './contracts';
export * from './endpoints/accept-invitation';
export * from './endpoints/confirm-email-change';
export * from './endpoints/create-invitation';
export * from './endpoints/create-organization';
export * from './endpoints/create-signing-device';
export * from './endpoints/decline-invitation';
export * from './endpoints/delete-organization';
export * from './endpoints/delete-organization-user';
export * from './endpoints/get-dev-mailbox';
export * from './endpoints/get-me';
export * from './endpoints/get-my-invitations';
export * from './endpoints/get-my-organizations';
export * from './endpoints/get-organization';
export * from './endpoints/get-organization-invitations';
export * from './endpoints/get-organization-users';
export * from './endpoints/get-remotes-manifest';
export * from './endpoints/get-signing-devices';
export * from './endpoints/leave-organization';
export * from './endpoints/request-email-change';
export * from './endpoints/request-magic-link';
export * from './endpoints/revoke-invitation';
export * from './endpoints/sign-out';
export * from './endpoints/update-organization';
export * from './endpoints/update-organization-user';
export * from './endpoints/update-profile';
export * from './endpoints/upload-organization-avatar';
export * from './endpoints/verify-magic-link';
export * from './session/host-runtime';
export * from './session/session-context';
export * from './theme/theme';
export * from './ui/AreaUnavailable';
export * from './ui/ErrorView';
export * from './ui/form-errors';
export * from './ui/format-date';
export * from './ui/notify';
export * from './ui/PageSkeleton';
export * from './ui/RuntimeProbe';
