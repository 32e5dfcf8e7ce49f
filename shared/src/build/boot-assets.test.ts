import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteModuleOfPath } from '../contracts/remotes';
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
