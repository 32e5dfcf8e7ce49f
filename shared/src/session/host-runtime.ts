import type { QueryClient } from '@tanstack/react-query';

/**
 * What the host registered at boot. Remotes compare their own React and QueryClient with these
 * (see RuntimeProbe): equal references prove one instance of each across the federation.
 */
export interface HostRuntime {
  react: unknown;
  queryClient: QueryClient;
  shellVersion: string;
}

let hostRuntime: HostRuntime | undefined;

export function registerHostRuntime(runtime: HostRuntime): void {
  hostRuntime = runtime;
}

export function getHostRuntime(): HostRuntime | undefined {
  return hostRuntime;
}
