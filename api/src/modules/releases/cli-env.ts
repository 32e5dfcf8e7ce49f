/**
 * What `npm start` (scripts/dashboard.mjs) gives the API, derived from the same variables, so
 * `DATA_DIR=… PORT=… pnpm release …` checks against the stack that launcher runs: the API (and the
 * release files) on PORT, the remotes on PORT+11..PORT+14. Keep it in step with the launcher.
 */

/** The launcher's order: the remote at index i is served on PORT + 11 + i. */
export const LAUNCHER_REMOTES = [
  'remote-messages',
  'remote-wallet',
  'remote-rails',
  'remote-settings',
] as const;
export const LAUNCHER_DEFAULT_PORT = 3000;

/**
 * The environment the launcher would run the API with. Anything set explicitly wins, as in the
 * launcher; API_PORT set means an API run on its own (`node api/dist/main.js`), which the launcher's
 * rules do not describe, so then nothing is derived.
 */
export function launcherEnvironment(
  env: NodeJS.ProcessEnv,
  versionOf: (remote: (typeof LAUNCHER_REMOTES)[number]) => string,
): NodeJS.ProcessEnv {
  if (env.API_PORT) return env;
  const port = env.PORT ? Number(env.PORT) : LAUNCHER_DEFAULT_PORT;
  // A PORT that is not a number is left for the config's own check to name.
  if (!/^\d+$/.test(String(port)) || port > 65535 - 14) return env;
  const origin = `http://localhost:${port}`;
  return {
    ...env,
    API_PORT: String(port),
    PUBLIC_URL: env.PUBLIC_URL ?? origin,
    RELEASES_PUBLIC_URL: env.RELEASES_PUBLIC_URL ?? `${origin}/releases`,
    REMOTES:
      env.REMOTES ??
      LAUNCHER_REMOTES.map(
        (name, index) => `${name}@${versionOf(name)}=http://localhost:${port + 11 + index}/mf-manifest.json`,
      ).join(','),
  };
}
