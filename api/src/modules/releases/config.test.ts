// Database-independent: configuration parsing only.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../../config';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('release settings', () => {
  it('default to production, files under DATA_DIR, the API serving them and the built shell', () => {
    expect(loadConfig({ API_PORT: '4301', DATA_DIR: '/srv/dash' }).releases).toEqual({
      dir: '/srv/dash/releases',
      environment: 'production',
      token: undefined,
      publicUrl: 'http://localhost:4301/releases',
      remoteOrigins: [
        'http://localhost:4301',
        'http://localhost:3011',
        'http://localhost:3012',
        'http://localhost:3013',
        'http://localhost:3014',
      ],
      shellManifestPath: path.join(REPO_ROOT, 'shell/dist/mf-manifest.json'),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      RELEASE_ENV: 'staging',
      RELEASE_TOKEN: 'a'.repeat(40),
      RELEASES_PUBLIC_URL: 'https://cdn.dash.example/releases/',
      REMOTE_ORIGINS:
        'https://cdn.dash.example, http://localhost:3011,http://localhost:3012,http://localhost:3013,http://localhost:3014',
      SHELL_MANIFEST_PATH: '/srv/shell/mf-manifest.json',
    });
    expect(config.releases).toMatchObject({
      environment: 'staging',
      token: 'a'.repeat(40),
      publicUrl: 'https://cdn.dash.example/releases',
      remoteOrigins: [
        'https://cdn.dash.example',
        'http://localhost:3011',
        'http://localhost:3012',
        'http://localhost:3013',
        'http://localhost:3014',
      ],
      shellManifestPath: '/srv/shell/mf-manifest.json',
    });
  });

  it('refuses remote origins outside REMOTE_ORIGINS, a short token and a bad environment, all at once', () => {
    expect(
      problemsOf({
        RELEASE_ENV: 'Prod',
        RELEASE_TOKEN: 'short',
        REMOTE_ORIGINS: 'https://cdn.dash.example,nonsense',
      }),
    ).toEqual([
      'RELEASE_ENV: An environment name is 1 to 32 lowercase letters, digits or hyphens, starting with a letter',
      'RELEASE_TOKEN: must be at least 32 characters (e.g. `openssl rand -hex 32`)',
      'REMOTE_ORIGINS: "nonsense" is not an http(s) origin',
    ]);
    expect(
      problemsOf({
        REMOTE_ORIGINS: 'https://cdn.dash.example',
        REMOTES: 'remote-wallet@1.0.0=https://evil.example/mf-manifest.json',
      }),
    ).toEqual([
      'RELEASES_PUBLIC_URL: its origin http://localhost:3001 is not in REMOTE_ORIGINS',
      'REMOTES: remote-wallet is served from https://evil.example, which is not in REMOTE_ORIGINS',
    ]);
  });
});
