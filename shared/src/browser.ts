/**
 * The browser entry of the shared package, a federation singleton (one instance for the shell and
 * every remote): the API client, the session, the event stream, i18n, the theme and UI primitives,
 * with the contracts and calls the session itself needs. Every area's own contracts, and the calls
 * several apps use, are in `@dash/shared/api`, which is not shared: each app bundles, tree-shaken,
 * only what it uses, so the first page does not build every area's zod schemas. A call one app uses
 * is in that app (`src/features/<feature>/api/`).
 */
export * from './client/api-client';
export * from './client/boot-data';
export * from './client/browser-wallets';
export * from './client/events';
export * from './client/query-client';
export * from './contracts-core';
export * from './endpoints/get-me';
export * from './endpoints/get-my-organizations';
export * from './endpoints/get-remotes-manifest';
export * from './i18n';
export * from './session/host-runtime';
export * from './session/session-context';
export * from './theme/theme';
export * from './ui/AreaUnavailable';
export * from './ui/confirm-step';
export * from './ui/DialogModal';
export * from './ui/document-title';
export * from './ui/ErrorView';
export * from './ui/end-anchored-list';
export * from './ui/focus-first-invalid';
export * from './ui/form-errors';
export * from './ui/format-date';
export * from './ui/LoadFailed';
export * from './ui/notify';
export * from './ui/one-at-a-time';
export * from './ui/PageHeader';
export * from './ui/PagerButton';
export * from './ui/PageSkeleton';
export * from './ui/plain-link';
export * from './ui/RuntimeProbe';
export * from './ui/StrokeIcon';
export * from './ui/server-render';
export * from './ui/short-address';
export * from './ui/use-search-update';
export * from './ui/visually-hidden';
export * from './ui/window-rows';
