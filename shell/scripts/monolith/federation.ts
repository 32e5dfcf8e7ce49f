// The monolith build's stand-in for shell/src/features/remotes/federation.ts (MONOLITH=1, see
// shell/rsbuild.config.ts): the same exports, but each remote's exposed module is a plain lazy chunk
// of the shell's own build instead of a federated container. Only the benchmark builds it, to
// measure what federation costs (pnpm bench: federated / monolith JS bytes and LCP).
import {
  getRemotesManifest,
  readBootData,
  remoteModuleOfPath,
  type TRemoteModule,
  type TRemotesManifest,
} from '@dash/shared';
import type { ComponentType } from 'react';

type TLoader = () => Promise<{ default: ComponentType }>;

const MODULES: Record<TRemoteModule, TLoader> = {
  'remote-messages/MessagesArea': () => import('../../../remote-messages/src/app/MessagesArea'),
  'remote-wallet/WalletArea': () => import('../../../remote-wallet/src/app/WalletArea'),
  'remote-rails/RailsArea': () => import('../../../remote-rails/src/app/RailsArea'),
  'remote-rails/DepositPage': () => import('../../../remote-rails/src/app/DepositPage'),
  'remote-rails/ExploreArea': () => import('../../../remote-rails/src/app/ExploreArea'),
  'remote-rails/OpenStableArea': () => import('../../../remote-rails/src/app/OpenStableArea'),
  'remote-settings/OrganizationSettingsPage': () =>
    import('../../../remote-settings/src/app/OrganizationSettingsPage'),
  'remote-settings/InvitePage': () => import('../../../remote-settings/src/app/InvitePage'),
  'remote-settings/UserSettingsArea': () => import('../../../remote-settings/src/app/UserSettingsArea'),
  'remote-settings/ChangeEmailPage': () => import('../../../remote-settings/src/app/ChangeEmailPage'),
  'remote-settings/KybPage': () => import('../../../remote-settings/src/app/KybPage'),
  'remote-settings/DocumentsPage': () => import('../../../remote-settings/src/app/DocumentsPage'),
  'remote-settings/OpsReviewArea': () => import('../../../remote-settings/src/app/OpsReviewArea'),
};

export const LOAD_ATTEMPT_TIMEOUT_MS = 10_000;

let manifest: Promise<TRemotesManifest> | undefined;
export function loadRemotesManifest(): Promise<TRemotesManifest> {
  const boot = readBootData();
  manifest ??= boot ? Promise.resolve(boot.remotes) : getRemotesManifest(AbortSignal.timeout(10_000), {});
  return manifest;
}

export async function ensureOrganizationBuild(): Promise<void> {}

/** Re-exported for the shell's areas (one definition, in the remotes contract). */
export { remoteOf } from '@dash/shared';

export async function loadRemoteComponent(module: TRemoteModule): Promise<ComponentType> {
  return (await MODULES[module]()).default;
}

/** As the federated shell does: the route's area starts loading at boot, beside the first render. */
export function startRouteArea(pathname: string): void {
  const module = remoteModuleOfPath(pathname);
  if (module && readBootData()?.me) loadRemoteComponent(module).catch(() => undefined);
}

export async function runningRemotes() {
  const loaded = await loadRemotesManifest();
  return {
    organization: undefined,
    remotes: loaded.remotes.map((remote) => ({ ...remote, loadedVersion: 'monolith' })),
  };
}
