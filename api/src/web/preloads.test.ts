// Database-independent: built files only.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir';
import { renderShellPage } from './dashboard';
import { createPreloads } from './preloads';

const MANIFEST_URL = 'https://messages.example.com/v/1.2.0/mf-manifest.json';
const manifest = {
  name: 'remote_messages',
  metaData: { remoteEntry: { name: 'static/js/remote_messages.abc.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      path: './MessagesArea',
      assets: { js: { sync: ['static/js/async/expose.def.js'], async: ['lazy.js'] } },
    },
  ],
};
const remotes = { remotes: [{ name: 'remote-messages' as const, entry: MANIFEST_URL, version: '1.2.0' }] };

async function distWithBootAssets(extra: Record<string, unknown> = {}): Promise<string> {
  const dir = await tempDir('preloads');
  writeFileSync(
    path.join(dir, 'boot-assets.json'),
    JSON.stringify({
      js: ['static/js/async/boot.1.js'],
      css: ['static/css/async/ui.2.css'],
      signIn: { js: ['static/js/async/sign-in.3.js'], css: [] },
      ...extra,
    }),
  );
  return dir;
}

describe('dashboard page preloads', () => {
  it('lists the shell boot chunks, and for a remote page its entry and exposed chunk from its manifest', async () => {
    const fetched: string[] = [];
    const preloads = createPreloads({
      distDir: await distWithBootAssets(),
      fetchManifest: async (url) => {
        fetched.push(url);
        return manifest;
      },
    });
    const shell = [
      { href: '/static/css/async/ui.2.css', as: 'style' },
      { href: '/static/js/async/boot.1.js', as: 'script' },
    ];
    expect((await preloads.forPage('/org/acme/documents', remotes, true)).preloads).toEqual(shell);
    expect((await preloads.forPage('/org/acme/messages/t/1', remotes, true)).preloads).toEqual([
      ...shell,
      { href: 'https://messages.example.com/v/1.2.0/static/js/remote_messages.abc.js', as: 'script' },
      { href: 'https://messages.example.com/v/1.2.0/static/js/async/expose.def.js', as: 'script' },
    ]);
    // The page also carries the manifest itself, for the federation runtime (read once a minute).
    const page = await preloads.forPage('/org/acme/messages', remotes, true);
    expect(Object.keys(page.federationManifests)).toEqual([MANIFEST_URL]);
    expect(page.federationManifests[MANIFEST_URL]).toMatchObject(manifest);
    expect(fetched).toEqual([MANIFEST_URL]);
    expect((await preloads.forPage('/org/acme/documents', remotes, true)).federationManifests).toEqual({});
    // Signed out, the page only signs in: the shell's chunks and the sign-in page's, no remote.
    const signIn = [...shell, { href: '/static/js/async/sign-in.3.js', as: 'script' }];
    expect((await preloads.forPage('/org/acme/messages', remotes, false)).preloads).toEqual(signIn);
    expect((await preloads.forPage('/auth', remotes, false)).preloads).toEqual(signIn);
    expect((await preloads.forPage('/auth', remotes, true)).preloads).toEqual(shell);
  });

  it('leaves a remote out while its manifest cannot be read, and the shell’s out without boot-assets.json', async () => {
    let calls = 0;
    let clock = 0;
    const preloads = createPreloads({
      distDir: await tempDir('preloads'),
      fetchManifest: async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return manifest;
      },
      now: () => clock,
    });
    expect((await preloads.forPage('/org/acme/messages', remotes, true)).preloads).toEqual([]);
    // Asked again a few seconds later, not a minute later.
    clock += 1_000;
    expect((await preloads.forPage('/org/acme/messages', remotes, true)).preloads).toEqual([]);
    clock += 5_000;
    expect((await preloads.forPage('/org/acme/messages', remotes, true)).preloads).toHaveLength(2);
  });

  it('preloads no remote’s files for a build that loads none (the monolith build)', async () => {
    let fetched = 0;
    const preloads = createPreloads({
      distDir: await distWithBootAssets({ remotes: false }),
      fetchManifest: async () => {
        fetched += 1;
        return manifest;
      },
    });
    const page = await preloads.forPage('/org/acme/messages', remotes, true);
    expect(page.preloads).toEqual([
      { href: '/static/css/async/ui.2.css', as: 'style' },
      { href: '/static/js/async/boot.1.js', as: 'script' },
    ]);
    expect(page.federationManifests).toEqual({});
    expect(fetched).toBe(0);
  });

  it('writes them into the page head as classic-script preloads', () => {
    const html = renderShellPage(
      '<html><head></head><body></body></html>',
      { remotes: { remotes: [] }, me: null },
      [{ href: '/static/js/async/boot.1.js', as: 'script' }],
    );
    expect(html).toContain('<link rel="preload" as="script" href="/static/js/async/boot.1.js">');
    expect(html).not.toContain('crossorigin');
  });
});
