/**
 * The contracts the session needs at boot (me, the organization list, the remotes manifest, errors,
 * paths, permissions, the catalogue), a federation singleton of their own: the `@dash/shared`
 * singleton re-exports them, and each area's contracts (bundled into the apps that use them) import
 * them by this name, so every remote uses the shell's instance instead of bundling a copy.
 */
export * from './contracts/auth';
export * from './contracts/boot';
export * from './contracts/catalogue';
export * from './contracts/common';
export { deferred } from './contracts/deferred';
export * from './contracts/events';
export * from './contracts/locale';
export * from './contracts/message-codes';
export * from './contracts/organization';
export * from './contracts/paths';
export * from './contracts/permissions';
export * from './contracts/remotes';
export * from './contracts/with-search';
