import { z } from '@dash/shared/zod';
import { deferred } from './deferred';
import { ZOrganizationSlug } from './organization';

/**
 * The remotes the shell loads and the modules it takes from each. A release that no longer
 * exposes one of these cannot be served to this shell.
 */
export const REMOTE_EXPOSES = {
  'remote-messages': ['./MessagesArea'],
  'remote-wallet': ['./WalletArea'],
  'remote-rails': ['./RailsArea', './DepositPage', './ExploreArea', './OpenStableArea'],
  'remote-settings': [
    './OrganizationSettingsPage',
    './InvitePage',
    './UserSettingsArea',
    './ChangeEmailPage',
    './KybPage',
    './DocumentsPage',
    './OpsReviewArea',
  ],
} as const;

export type TRemoteName = keyof typeof REMOTE_EXPOSES;
export type TRemoteModule = {
  [R in TRemoteName]: `${R}/${(typeof REMOTE_EXPOSES)[R][number] extends `./${infer M}` ? M : never}`;
}[TRemoteName];

export const REMOTE_NAMES = Object.keys(REMOTE_EXPOSES) as TRemoteName[];
export const ZRemoteName = deferred(() => z.enum(REMOTE_NAMES as [TRemoteName, ...TRemoteName[]]));

export const ZRemoteEntry = deferred(() =>
  z.object({
    name: ZRemoteName,
    /** URL of the remote's federation manifest (mf-manifest.json). */
    entry: z.url(),
    version: z.string().min(1),
  }),
);
export type TRemoteEntry = z.infer<typeof ZRemoteEntry>;

/** The runtime remotes manifest the shell fetches at boot: remote name -> entry URL and version. */
export const ZRemotesManifest = deferred(() =>
  z.object({
    remotes: z.array(ZRemoteEntry),
  }),
);
export type TRemotesManifest = z.infer<typeof ZRemotesManifest>;

/**
 * GET remotes?organization=<slug>: the manifest for a page of that organization, so a canary pin
 * naming it applies. Without it, what everyone gets.
 */
export const ZRemotesManifestQuery = deferred(() => z.object({ organization: ZOrganizationSlug.optional() }));
export type TRemotesManifestQuery = z.infer<typeof ZRemotesManifestQuery>;

/** The organization slug of a dashboard path (`/org/acme/wallet` -> `acme`), when it is one. */
export function organizationSlugOfPath(pathname: string): string | undefined {
  const match = /^\/org\/([^/]+)/.exec(pathname);
  if (!match?.[1]) return undefined;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return ZOrganizationSlug.safeParse(segment).success ? segment : undefined;
}

/** Whether two manifests load the same build of `remote` (same entry URL and version). */
export function sameRemoteEntry(a: TRemotesManifest, b: TRemotesManifest, remote: TRemoteName): boolean {
  const left = a.remotes.find((entry) => entry.name === remote);
  const right = b.remotes.find((entry) => entry.name === remote);
  return left?.entry === right?.entry && left?.version === right?.version;
}

/** The remote an exposed module belongs to ('remote-wallet/WalletArea' -> 'remote-wallet'). */
export function remoteOf(module: TRemoteModule): TRemoteName {
  return module.slice(0, module.indexOf('/')) as TRemoteName;
}

/** The federation container name of a remote ('remote-wallet' -> 'remote_wallet'). */
export function containerName(remote: TRemoteName): string {
  return remote.replace(/-/g, '_');
}

/**
 * The remote module a dashboard path renders (the shell's router mounts the same ones), so the
 * page for it can ask the browser for that remote's files early. Undefined for the shell's own pages.
 */
export function remoteModuleOfPath(pathname: string): TRemoteModule | undefined {
  if (/^\/change-email(\/|$)/.test(pathname)) return 'remote-settings/ChangeEmailPage';
  if (/^\/settings(\/|$)/.test(pathname)) return 'remote-settings/UserSettingsArea';
  const area = /^\/org\/[^/]+\/([^/]+)(\/.*)?$/.exec(pathname);
  switch (area?.[1]) {
    case 'invite':
      return 'remote-settings/InvitePage';
    case 'settings':
      return 'remote-settings/OrganizationSettingsPage';
    case 'messages':
      return 'remote-messages/MessagesArea';
    case 'wallet':
      return 'remote-wallet/WalletArea';
    case 'rails':
      return 'remote-rails/RailsArea';
    case 'deposit':
      return 'remote-rails/DepositPage';
    case 'explore':
      return 'remote-rails/ExploreArea';
    case 'open-stable':
      return 'remote-rails/OpenStableArea';
    default:
      return undefined;
  }
}
