import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FEDERATION_SINGLETONS,
  MANTINE_CORE_EXPORTS,
  MANTINE_FORM_EXPORTS,
  REACT_QUERY_EXPORTS,
  REACT_ROUTER_EXPORTS,
  TREE_SHAKEN_SHARED,
} from './federation';

const ROOT = resolve(__dirname, '../..');
const APPS = [
  'shared/src',
  'shell/src',
  'remote-messages/src',
  'remote-wallet/src',
  'remote-rails/src',
  'remote-settings/src',
];

function* sources(dir: string, pattern = /\.tsx?$/, withTests = false): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path, pattern, withTests);
    else if (pattern.test(name) && (withTests || !name.includes('.test.'))) yield path;
  }
}

/** The modules a source names: imports, exports, dynamic imports, vi.mock and vi.importActual. */
function namedModules(source: string): string[] {
  const reference =
    /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*|\bvi\.(?:mock|doMock|importActual|importMock)\s*(?:<[^>]*>)?\s*\(\s*)['"]([^'"]+)['"]/gm;
  return [...source.matchAll(reference)].map((match) => match[1] ?? '');
}

/** Each module the given files name that `specifier` matches, as `module (file)`. */
function moduleReferences(files: Iterable<string>, specifier: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const module of namedModules(readFileSync(file, 'utf8'))) {
      if (specifier.test(module)) found.push(`${module} (${file.slice(ROOT.length + 1)})`);
    }
  }
  return found;
}

/** Runtime (non-type) names imported from `pkg` in the given source files, with one file using each. */
function importedValues(files: Iterable<string>, pkg: string): Map<string, string> {
  const used = new Map<string, string>();
  const from = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]+)\\}\\s+from\\s+['"]${pkg.replace('/', '\\/')}['"]`,
    'g',
  );
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(from)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name =
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name && !name.startsWith('type '))
          used.set(name, file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file);
      }
    }
  }
  return used;
}

/** The shell's server render: a Node build of its own without federation, so no shared module. */
const SERVER_ONLY = new Set([join(ROOT, 'shell/src/ssr.tsx')]);
/** Test support (`@dash/shared/test`): only tests import it (the boundary check), and they run unfederated. */
const TEST_SUPPORT = join(ROOT, 'shared/src/test/');
const appSources = () =>
  APPS.flatMap((app) => [...sources(join(ROOT, app))]).filter(
    (file) => !SERVER_ONLY.has(file) && !file.startsWith(TEST_SUPPORT),
  );

function missing(used: Map<string, string>, provided: readonly string[]): string[] {
  return [...used]
    .filter(([name]) => !provided.includes(name))
    .map(([name, file]) => `${name} (used in ${file})`);
}

describe('the exports of the tree-shaken shared packages every app builds against', () => {
  it('lists every Mantine component and hook the apps import', () => {
    expect(missing(importedValues(appSources(), '@mantine/core'), MANTINE_CORE_EXPORTS)).toEqual([]);
  });

  it('lists every react-router export the apps import, all through react-router', () => {
    expect(missing(importedValues(appSources(), 'react-router'), REACT_ROUTER_EXPORTS)).toEqual([]);
  });

  it('routes every app through react-router, the one shared router module', () => {
    expect(FEDERATION_SINGLETONS.filter((request) => request.startsWith('react-router'))).toEqual([
      'react-router',
    ]);
    // react-router-dom (merged into react-router by version 7, dropped by 8) is not a shared module:
    // an app importing it, or a test mocking it, would get a router of its own. react-router/dom is
    // not shared either and reaches react-router's internals by file, so its RouterProvider could
    // hold another router context than the links and hooks the remotes get from the share scope
    // (the shell gives react-router's RouterProvider ReactDOM's flushSync instead).
    const browser = APPS.flatMap((app) => [...sources(join(ROOT, app), /\.tsx?$/, true)]).filter(
      (file) => !SERVER_ONLY.has(file),
    );
    expect(moduleReferences(browser, /^react-router(-dom(\/.*)?|\/dom)$/)).toEqual([]);
  });

  it('lists every @tanstack/react-query export the apps import', () => {
    expect(missing(importedValues(appSources(), '@tanstack/react-query'), REACT_QUERY_EXPORTS)).toEqual([]);
  });

  it('lists every @mantine/form export the apps import', () => {
    expect(missing(importedValues(appSources(), '@mantine/form'), MANTINE_FORM_EXPORTS)).toEqual([]);
  });

  it('shakes only shared singletons', () => {
    for (const request of Object.keys(TREE_SHAKEN_SHARED)) {
      expect(FEDERATION_SINGLETONS as readonly string[]).toContain(request);
    }
  });

  it('finds the imports it checks', () => {
    expect(importedValues(appSources(), '@mantine/core').has('MantineProvider')).toBe(true);
    expect(importedValues(appSources(), 'react-router').has('createBrowserRouter')).toBe(true);
    // Spelled in pieces, so this file does not itself name the modules it guards against.
    const dom = ['react', 'router', 'dom'].join('-');
    const domEntry = ['react-router', 'dom'].join('/');
    const source = [
      `import { Link, type NavigateFunction } from '${dom}';`,
      `export { Outlet } from '${dom}';`,
      `const router = await import('${dom}');`,
      `vi.mock('${dom}', async () => ({ ...(await vi.importActual<object>('${dom}')) }));`,
      `vi.mock(\n  '${dom}',\n  () => ({}),\n);`,
      `import { RouterProvider } from '${domEntry}';`,
      `const text = '${dom} is retired';`,
    ].join('\n');
    expect(namedModules(source)).toEqual([dom, dom, dom, dom, dom, dom, domEntry]);
    expect(importedValues(appSources(), '@tanstack/react-query').has('useQuery')).toBe(true);
    expect(importedValues(appSources(), '@mantine/form').has('useForm')).toBe(true);
  });
});
