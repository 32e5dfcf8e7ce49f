import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteModuleOfPath } from '../contracts/remotes';
import { BOOT_EVALUATION_ORDER } from '../federation';
import { bootAssetsOf, COMPILE_HINT, entryScriptsOf, hintCompileOnLoad } from './boot-assets';

describe('bootAssetsOf', () => {
  it('keeps the bootstrap chunks and the provided shared modules, not the entry, lazy pages or fallbacks', () => {
    const assets = bootAssetsOf([
      { files: ['static/js/index.1.js'], initial: true, origins: [{ request: './src/index.ts' }] },
      {
        files: ['static/js/async/boot.2.js'],
        origins: [{ moduleName: './src/index.ts', request: './bootstrap' }],
      },
      {
        files: ['static/js/async/mantine.3.js', 'static/css/async/mantine.3.css'],
        origins: [{ moduleName: 'provide shared module (default) @mantine/core@9.7.3 = /x', request: '' }],
      },
      {
        files: ['static/js/async/page.4.js'],
        origins: [{ moduleName: './src/app/router.tsx', request: './Page' }],
      },
      {
        files: ['static/js/async/fallback.5.js'],
        origins: [{ moduleName: 'consume shared module (default) react-dom@^19 (strict)', request: '' }],
      },
    ]);
    expect(assets).toEqual({
      js: ['static/js/async/boot.2.js', 'static/js/async/mantine.3.js'],
      css: ['static/css/async/mantine.3.css'],
      signIn: { js: [], css: [] },
    });
  });

  it('lists the sign-in page apart: its chunks and the lazy singletons it uses, nothing the boot has', () => {
    const provide = (name: string) => ({ moduleName: `provide shared module (default) ${name}@9.7.3 = /x` });
    const signInRequest = '../features/auth/routes/SignInPage';
    const assets = bootAssetsOf(
      [
        {
          files: ['static/js/async/boot.1.js'],
          origins: [{ moduleName: './src/index.ts', request: './bootstrap' }],
        },
        {
          files: ['static/js/async/sign-in.2.js'],
          origins: [{ moduleName: './router.tsx', request: signInRequest }],
        },
        // Split out of the sign-in page and another lazy page: still the sign-in page's.
        {
          files: ['static/js/async/split.3.js'],
          origins: [
            { moduleName: './router.tsx', request: signInRequest },
            { moduleName: './router.tsx', request: './CreateOrganizationPage' },
          ],
        },
        { files: ['static/js/async/form.4.js'], origins: [provide('@mantine/form')] },
        { files: ['static/js/async/toasts.5.js'], origins: [provide('@mantine/notifications')] },
        {
          files: ['static/js/async/other.6.js'],
          origins: [{ moduleName: './router.tsx', request: './Other' }],
        },
      ],
      {
        lazyShared: ['@mantine/notifications', '@mantine/form'],
        signIn: { request: signInRequest, shared: ['@mantine/form'] },
      },
    );
    expect(assets.js).toEqual(['static/js/async/boot.1.js']);
    expect(assets.signIn).toEqual({
      js: ['static/js/async/form.4.js', 'static/js/async/sign-in.2.js', 'static/js/async/split.3.js'],
      css: [],
    });
  });

  it('leaves out a chunk that only provides a lazy singleton, not one it shares with a boot package', () => {
    const provide = (name: string) => ({ moduleName: `provide shared module (default) ${name}@9.7.3 = /x` });
    const assets = bootAssetsOf(
      [
        { files: ['static/js/async/toasts.6.js'], origins: [provide('@mantine/notifications')] },
        {
          files: ['static/js/async/both.7.js'],
          origins: [provide('@mantine/notifications'), provide('@mantine/core')],
        },
        { files: ['static/js/async/hooks.8.js'], origins: [provide('@mantine/hooks')] },
      ],
      { lazyShared: ['@mantine/notifications'] },
    );
    expect(assets.js).toEqual(['static/js/async/both.7.js', 'static/js/async/hooks.8.js']);
  });

  it('lists the files in the order the page evaluates them: shared packages by `order`, then the bootstrap, then the rest', () => {
    const provide = (name: string) => ({ moduleName: `provide shared module (default) ${name}@1.0.0 = /x` });
    const assets = bootAssetsOf(
      [
        { files: ['static/js/async/a.1.js'], origins: [provide('@dash/shared')] },
        {
          files: ['static/js/async/b.2.js'],
          origins: [{ moduleName: './src/index.ts', request: './bootstrap' }],
        },
        // A split chunk of two packages ranks with the earlier one.
        {
          files: ['static/js/async/c.3.js', 'static/css/async/c.3.css'],
          origins: [provide('@mantine/core'), provide('react-dom')],
        },
        { files: ['static/js/async/d.4.js'], origins: [provide('not-ordered')] },
        { files: ['static/js/async/e.5.js'], origins: [provide('@mantine/core')] },
        { files: ['static/js/async/f.6.js'], origins: [provide('react')] },
      ],
      { order: ['react', 'react-dom', '@mantine/core', '@dash/shared'] },
    );
    expect(assets.js).toEqual([
      'static/js/async/f.6.js',
      'static/js/async/c.3.js',
      'static/js/async/e.5.js',
      'static/js/async/a.1.js',
      'static/js/async/b.2.js',
      'static/js/async/d.4.js',
    ]);
    expect(assets.css).toEqual(['static/css/async/c.3.css']);
  });

  it('keeps the chunks the entry imports itself (the monolith build’s staged packages), in their order', () => {
    const fromEntry = (request: string) => ({ moduleName: './src/index.ts', request });
    const assets = bootAssetsOf(
      [
        { files: ['static/js/async/a.1.js'], origins: [fromEntry('@dash/shared'), fromEntry('./bootstrap')] },
        { files: ['static/js/async/b.2.js'], origins: [fromEntry('./bootstrap')] },
        { files: ['static/js/async/c.3.js'], origins: [fromEntry('@mantine/core')] },
        {
          files: ['static/js/async/d.4.js'],
          origins: [fromEntry('react-dom/client'), fromEntry('@mantine/core'), fromEntry('./bootstrap')],
        },
        {
          files: ['static/js/async/e.5.js'],
          origins: [{ moduleName: './src/app/router.tsx', request: './Page' }],
        },
      ],
      { order: ['react-dom/client', '@mantine/core', '@dash/shared'] },
    );
    expect(assets.js).toEqual([
      'static/js/async/d.4.js',
      'static/js/async/c.3.js',
      'static/js/async/a.1.js',
      'static/js/async/b.2.js',
    ]);
  });

  it('the shell evaluates its staged shared modules in BOOT_EVALUATION_ORDER', () => {
    const source = readFileSync(path.join(__dirname, '../../../shell/src/index.ts'), 'utf8');
    const staged = [...source.matchAll(/import\('([^'.][^']*)'\)/g)].map((match) => match[1] ?? '');
    expect(staged.length).toBeGreaterThan(1);
    const ranks = staged.map((name) => (BOOT_EVALUATION_ORDER as readonly string[]).indexOf(name));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe('remoteModuleOfPath', () => {
  it('names the remote module the router mounts for a path', () => {
    expect(remoteModuleOfPath('/org/acme/messages')).toBe('remote-messages/MessagesArea');
    expect(remoteModuleOfPath('/org/acme/messages/threads/t1')).toBe('remote-messages/MessagesArea');
    expect(remoteModuleOfPath('/org/acme/wallet')).toBe('remote-wallet/WalletArea');
    expect(remoteModuleOfPath('/org/acme/rails/transactions')).toBe('remote-rails/RailsArea');
    expect(remoteModuleOfPath('/org/acme/open-stable')).toBe('remote-rails/OpenStableArea');
    expect(remoteModuleOfPath('/org/acme/settings')).toBe('remote-settings/OrganizationSettingsPage');
    expect(remoteModuleOfPath('/settings/profile')).toBe('remote-settings/UserSettingsArea');
    expect(remoteModuleOfPath('/change-email')).toBe('remote-settings/ChangeEmailPage');
  });

  it('names none for the shell’s own pages', () => {
    for (const path of ['/', '/auth', '/org/acme', '/org/acme/documents', '/design-system', '/settingsx']) {
      expect(remoteModuleOfPath(path)).toBeUndefined();
    }
  });
});

describe('the compile hint', () => {
  it('goes on top of the entry and boot scripts once, and nowhere else', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'boot-hint-'));
    try {
      await mkdir(path.join(dist, 'static/js/async'), { recursive: true });
      const write = (file: string) => writeFile(path.join(dist, file), `/* ${file} */`);
      await Promise.all(
        ['static/js/index.1.js', 'static/js/async/boot.2.js', 'static/js/async/page.4.js'].map(write),
      );
      const entry = entryScriptsOf([
        { files: ['static/js/index.1.js', 'static/css/index.1.css'], initial: true },
        { files: ['static/js/async/page.4.js'] },
      ]);
      expect(entry).toEqual(['static/js/index.1.js']);

      const hinted = [...entry, 'static/js/async/boot.2.js'];
      await hintCompileOnLoad(dist, hinted);
      await hintCompileOnLoad(dist, hinted);
      const read = (file: string) => readFile(path.join(dist, file), 'utf8');
      expect(await read('static/js/index.1.js')).toBe(`${COMPILE_HINT}/* static/js/index.1.js */`);
      expect(await read('static/js/async/boot.2.js')).toBe(`${COMPILE_HINT}/* static/js/async/boot.2.js */`);
      expect(await read('static/js/async/page.4.js')).toBe('/* static/js/async/page.4.js */');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
