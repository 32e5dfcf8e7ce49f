// Database-independent: pure functions.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FakeBuildOptions,
  fakeBuild,
  MANTINE,
  SHELL_SHARED,
  writeShellManifest,
} from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { readBuildInfo } from './build-info';
import {
  compatibilityProblems,
  readShellProvides,
  ShellManifestError,
  type ShellProvides,
} from './compatibility';

const shell: ShellProvides = { shared: new Map(Object.entries(SHELL_SHARED)), mantineExports: MANTINE };

function problemsOf(options: FakeBuildOptions, provides: ShellProvides = shell) {
  const files = fakeBuild(options);
  const info = readBuildInfo(files.get('mf-manifest.json') ?? '', files.get('mf-stats.json'));
  return compatibilityProblems(options.remote ?? 'remote-wallet', info, provides);
}

describe('the compatibility gate', () => {
  it('accepts a release built against what the shell provides', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it('refuses another React major and names the range and the version', () => {
    expect(problemsOf({ requires: { react: '^18.3.1', 'react-dom': '^18.3.1' } })).toEqual([
      'react: the release requires ^18.3.1, the shell provides 19.3.1',
      'react-dom: the release requires ^18.3.1, the shell provides 19.3.1',
    ]);
  });

  it('refuses a range the shell is too old for, and one that is not a range', () => {
    expect(problemsOf({ requires: { react: '^19.4.0', '@dash/shared': 'workspace:*' } })).toEqual([
      '@dash/shared: the release requires "workspace:*", which is not a version range',
      'react: the release requires ^19.4.0, the shell provides 19.3.1',
    ]);
  });

  it('lets a remote bring a singleton the shell does not provide', () => {
    expect(problemsOf({ requires: { react: '^19.0.0', zustand: '^5.0.0' } })).toEqual([]);
  });

  it('refuses a release that would bring a router of its own: react-router-dom before the move, or after it', () => {
    const routerShell = (name: string): ShellProvides => ({
      ...shell,
      shared: new Map([...shell.shared, [name, '7.18.5']]),
    });
    expect(
      problemsOf(
        { requires: { react: '^19.2.0', 'react-router-dom': '^7.9.0' } },
        routerShell('react-router'),
      ),
    ).toEqual([
      "react-router-dom: the shell does not provide it, so the release's links and route hooks would run outside the shell's router (build the release with react-router, as the shell is)",
    ]);
    expect(
      problemsOf(
        { requires: { react: '^19.2.0', 'react-router': '^7.9.0' } },
        routerShell('react-router-dom'),
      ),
    ).toEqual([
      "react-router: the shell does not provide it, so the release's links and route hooks would run outside the shell's router (build the release with react-router-dom, as the shell is)",
    ]);
    expect(
      problemsOf({ requires: { react: '^19.2.0', 'react-router': '^7.9.0' } }, routerShell('react-router')),
    ).toEqual([]);
  });

  it('refuses a release that no longer exposes a module the shell loads', () => {
    expect(
      problemsOf({ remote: 'remote-rails', exposes: ['./RailsArea', './DepositPage', './OpenStableArea'] }),
    ).toEqual([
      './ExploreArea: the shell loads this module from remote-rails, and the release does not expose it',
    ]);
  });

  it("refuses another remote's build", () => {
    expect(problemsOf({ container: 'remote_rails' })).toEqual([
      'the build\'s federation container is "remote_rails", not remote-wallet\'s "remote_wallet" (is it another remote\'s build?)',
    ]);
  });

  it("refuses Mantine exports the shell's build does not include, and only checks what both sides say", () => {
    expect(problemsOf({ mantine: ['Button', 'Tooltip', 'Drawer'] })).toEqual([
      "@mantine/core: the release uses Drawer, Tooltip, which the shell's build of @mantine/core does not include (deploy a shell built with them first)",
    ]);
    expect(problemsOf({ mantine: ['Alert', 'Text'] })).toEqual([]);
    expect(problemsOf({ mantine: null })).toEqual([]);
    expect(problemsOf({ mantine: ['Tooltip'] }, { ...shell, mantineExports: null })).toEqual([]);
  });

  it('refuses exports of any tree-shaken shared package the shell does not include', () => {
    const provides: ShellProvides = {
      ...shell,
      treeShakenExports: { '@mantine/core': MANTINE, 'react-router': ['Link', 'useParams'] },
    };
    expect(problemsOf({ treeShaken: { 'react-router': ['Link', 'useMatch'] } }, provides)).toEqual([
      "react-router: the release uses useMatch, which the shell's build of react-router does not include (deploy a shell built with it first)",
    ]);
    expect(problemsOf({ treeShaken: { 'react-router': ['useParams'] } }, provides)).toEqual([]);
    // A package the shell does not shake (or an older shell that only knew Mantine's list) is not checked.
    expect(problemsOf({ treeShaken: { 'react-router': ['useMatch'] } })).toEqual([]);
  });

  it('names every problem at once', () => {
    expect(problemsOf({ requires: { react: '^18.3.1' }, exposes: [], mantine: ['Tooltip'] })).toHaveLength(3);
  });
});

describe("reading the shell's provided versions", () => {
  it('takes versions from its federation manifest and the Mantine list from the stats beside it', async () => {
    const dir = await tempDir('shell');
    const path = await writeShellManifest(dir, { react: '19.3.1', '@mantine/core': '9.7.3' }, ['Button']);

    const provides = await readShellProvides(path);

    expect(Object.fromEntries(provides.shared)).toEqual({ react: '19.3.1', '@mantine/core': '9.7.3' });
    expect(provides.mantineExports).toEqual(['Button']);
    expect(provides.treeShakenExports).toEqual({ '@mantine/core': ['Button'] });
  });

  it('says where it looked when the shell is not built', async () => {
    const missing = join(await tempDir('shell'), 'nope/mf-manifest.json');
    await expect(readShellProvides(missing)).rejects.toBeInstanceOf(ShellManifestError);
    await expect(readShellProvides(missing)).rejects.toThrow(
      `The shell's build manifest is not at ${missing}`,
    );
  });
});
