// Database-independent: configuration parsing only.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { launcherEnvironment } from './cli-env';

const versionOf = (remote: string) => (remote === 'remote-wallet' ? '1.4.2' : '0.1.0');

describe('pnpm release reads the environment as npm start does', () => {
  it('puts the API and release files on PORT and the remotes on PORT+11..PORT+14', () => {
    const config = loadConfig(launcherEnvironment({ PORT: '5100', DATA_DIR: '/srv/dash' }, versionOf));

    expect(config.port).toBe(5100);
    expect(config.releases.publicUrl).toBe('http://localhost:5100/releases');
    expect(config.releases.remoteOrigins).toEqual([
      'http://localhost:5100',
      'http://localhost:5111',
      'http://localhost:5112',
      'http://localhost:5113',
      'http://localhost:5114',
    ]);
    expect(config.remotes.map((remote) => [remote.name, remote.version, remote.entry])).toEqual([
      ['remote-messages', '0.1.0', 'http://localhost:5111/mf-manifest.json'],
      ['remote-wallet', '1.4.2', 'http://localhost:5112/mf-manifest.json'],
      ['remote-rails', '0.1.0', 'http://localhost:5113/mf-manifest.json'],
      ['remote-settings', '0.1.0', 'http://localhost:5114/mf-manifest.json'],
    ]);
  });

  it('uses the launcher default PORT 3000, so a REMOTE_ORIGINS written for npm start is accepted', () => {
    const env = launcherEnvironment(
      {
        REMOTE_ORIGINS:
          'http://localhost:3000,http://localhost:3011,http://localhost:3012,http://localhost:3013,http://localhost:3014',
      },
      versionOf,
    );

    expect(loadConfig(env).releases.publicUrl).toBe('http://localhost:3000/releases');
  });

  it('keeps what is set explicitly, and leaves an API run on its own (API_PORT) alone', () => {
    const env = launcherEnvironment(
      {
        PORT: '5100',
        RELEASES_PUBLIC_URL: 'https://cdn.dash.example/releases',
        REMOTES: 'remote-wallet@1.0.0=https://wallet.dash.example/mf-manifest.json',
      },
      versionOf,
    );
    expect(env).toMatchObject({
      API_PORT: '5100',
      RELEASES_PUBLIC_URL: 'https://cdn.dash.example/releases',
      REMOTES: 'remote-wallet@1.0.0=https://wallet.dash.example/mf-manifest.json',
    });

    const alone = { API_PORT: '4301', PORT: '5100' };
    expect(launcherEnvironment(alone, versionOf)).toBe(alone);
  });
});
