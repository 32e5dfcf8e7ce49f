import { apiRequest } from '../client/api-client';
import { type TRemotesManifest, ZRemotesManifest } from '../contracts/remotes';

/**
 * The runtime remotes manifest: which build of each remote this dashboard loads. With an
 * organization (slug), a canary pin naming that organization applies.
 */
export function getRemotesManifest(
  signal?: AbortSignal,
  options: { organization?: string } = {},
): Promise<TRemotesManifest> {
  const query = options.organization ? `?organization=${encodeURIComponent(options.organization)}` : '';
  return apiRequest({
    path: `remotes${query}`,
    response: ZRemotesManifest,
    failure: 'catalogue.fetchRemotes',
    signal,
  });
}
