import type { ReactElement } from 'react';
import { getHostRuntime } from '../session/host-runtime';
import { useOptionalSession } from '../session/session-context';

interface RuntimeProbeProps {
  remote: string;
  version: string;
  /** The remote's own `React` import. */
  react: unknown;
  /** What the remote's own `useQueryClient()` returned. */
  queryClient: unknown;
}

/**
 * A hidden marker each remote renders with its own imports: it says whether the remote runs on the
 * host's React, QueryClient and session (one instance of each), for support and for the e2e suite.
 */
export function RuntimeProbe({ remote, version, react, queryClient }: RuntimeProbeProps) {
  const session = useOptionalSession();
  const host = getHostRuntime();
  return (
    <span
      hidden
      data-testid="runtime-probe"
      data-remote={remote}
      data-version={version}
      data-same-react={String(host !== undefined && host.react === react)}
      data-same-query-client={String(host !== undefined && host.queryClient === queryClient)}
      data-has-session={String(session !== null)}
    />
  );
}

/**
 * A remote's probe, made with the remote's own `React` and `useQueryClient` (not shared's), so the
 * comparison means something: `export const AreaProbe = createRuntimeProbe('remote-wallet', ...)`.
 */
export function createRuntimeProbe(
  remote: string,
  version: string,
  react: unknown,
  useRemoteQueryClient: () => unknown,
): () => ReactElement {
  // biome-ignore lint/correctness/noComponentHookFactories: called once at module scope by each remote, never during render
  return function AreaProbe() {
    return (
      <RuntimeProbe remote={remote} version={version} react={react} queryClient={useRemoteQueryClient()} />
    );
  };
}
