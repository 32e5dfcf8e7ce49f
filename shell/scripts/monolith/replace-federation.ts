import path from 'node:path';
import { rspack } from '@rsbuild/core';

/**
 * The rspack plugin that builds the shell without federation: src/features/remotes/federation.ts is
 * replaced by this folder's stand-in (the remotes' exposed modules as lazy chunks of the build). The
 * monolith build (MONOLITH=1) and the server render's build (rsbuild.ssr.config.ts) use it.
 */
export function replaceFederationWithMonolith(shellDir: string) {
  const remotesLoader = path.join(shellDir, 'src/features/remotes/federation.ts');
  return new rspack.NormalModuleReplacementPlugin(/federation$/, (resource) => {
    const target = path.resolve(resource.context ?? '', `${resource.request}.ts`);
    if (target === remotesLoader) resource.request = path.join(import.meta.dirname, 'federation.ts');
  });
}
