import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { containerName, REMOTE_EXPOSES, type TRemoteName } from '@dash/shared/contracts';

export const SHELL_SHARED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@mantine/core': '9.7.3',
  '@dash/shared': '0.1.0',
};
export const MANTINE = ['Alert', 'Button', 'Modal', 'Text'];

export interface FakeBuildOptions {
  remote?: TRemoteName;
  version?: string;
  /** requiredVersion per shared package (defaults: what the shell provides, as ^ranges). */
  requires?: Record<string, string>;
  exposes?: readonly string[];
  container?: string;
  mantine?: string[] | null;
  /** Other tree-shaken shared packages and the exports the build needs of them. */
  treeShaken?: Record<string, string[]>;
  /** Changes the bytes without changing anything else (a rebuild with other code). */
  code?: string;
}

/** A small but real-shaped federated build: mf-manifest.json, mf-stats.json and a script. */
export function fakeBuild(options: FakeBuildOptions = {}): Map<string, Buffer> {
  const remote = options.remote ?? 'remote-wallet';
  const version = options.version ?? '1.0.0';
  const requires = options.requires ?? {
    react: '^19.2.0',
    'react-dom': '^19.2.0',
    '@mantine/core': '9.7.3',
    '@dash/shared': '^0.1.0',
  };
  const shared = Object.entries(requires).map(([name, requiredVersion]) => ({
    id: `${containerName(remote)}:${name}`,
    name,
    version: SHELL_SHARED[name as keyof typeof SHELL_SHARED] ?? '1.0.0',
    singleton: true,
    requiredVersion,
  }));
  const manifest = {
    id: options.container ?? containerName(remote),
    name: options.container ?? containerName(remote),
    metaData: { buildInfo: { buildVersion: version, buildName: remote }, publicPath: 'auto' },
    shared,
    remotes: [],
    exposes: (options.exposes ?? REMOTE_EXPOSES[remote]).map((path) => ({
      id: path,
      name: path.slice(2),
      path,
    })),
  };
  const mantine = options.mantine === undefined ? ['Button', 'Text'] : options.mantine;
  const stats = {
    shared: [
      ...(mantine
        ? [{ name: '@mantine/core', treeShaking: { mode: 'runtime-infer', usedExports: mantine } }]
        : []),
      ...Object.entries(options.treeShaken ?? {}).map(([name, usedExports]) => ({
        name,
        treeShaking: { mode: 'runtime-infer', usedExports },
      })),
    ],
  };
  return new Map([
    ['mf-manifest.json', Buffer.from(JSON.stringify(manifest))],
    ['mf-stats.json', Buffer.from(JSON.stringify(stats))],
    ['static/js/remote.js', Buffer.from(options.code ?? `console.log(${JSON.stringify(version)});`)],
    ['static/css/remote.css', Buffer.from('body{}')],
  ]);
}

/** A shell build manifest (and stats) providing `shared` and a Mantine build of `mantine`. */
export async function writeShellManifest(
  dir: string,
  shared: Record<string, string> = SHELL_SHARED,
  mantine: string[] | null = MANTINE,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    id: 'shell',
    name: 'shell',
    metaData: { buildInfo: { buildVersion: '0.1.0' } },
    shared: Object.entries(shared).map(([name, version]) => ({
      name,
      version,
      singleton: true,
      requiredVersion: `^${version}`,
    })),
    exposes: [],
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (mantine) {
    await writeFile(
      join(dir, 'mf-stats.json'),
      JSON.stringify({ shared: [{ name: '@mantine/core', treeShaking: { usedExports: mantine } }] }),
    );
  }
  return join(dir, 'mf-manifest.json');
}
