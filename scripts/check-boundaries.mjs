#!/usr/bin/env node
// The architecture's import rules, checked on every source file (runs in `npm test`):
// - a remote never imports another remote or the shell, and the shell never imports a remote;
// - `shared` never imports an app or the API; the API imports only `@dash/shared/contracts` (and
//   `@dash/shared/counterparty-rules`, contracts too, kept out of the browser singleton for size);
// - apps import `@dash/shared` (the federation singleton), never its files by relative path;
// - the test harness `@dash/shared/test` (shared/src/test/) is imported by test files only, so no
//   production build includes it;
// - inside shared, the federation singleton (`@dash/shared`: the modules shared/src/browser.ts and
//   contracts-core.ts export, with client/, session/, i18n/, ui/, theme/) never imports an area's
//   contracts or calls (they belong in `@dash/shared/api`, bundled where used) nor the package by
//   name (it would consume itself); an area's modules reach the singleton's modules by name, never by
//   relative path (`@dash/shared`, and `@dash/shared/contracts-core` from a contract, which the API
//   loads without the browser singleton), so every app uses the shell's instance (one `ApiError`,
//   one QueryClient) instead of bundling a copy.
// - the API's modules (api/src/modules/<m>/) meet only through each one's index.ts: a file of one
//   module, or the app's wiring (api/src/app.ts), imports another module as '../<m>/index' (or the
//   folder), never its other files. Other code outside the modules (config, db, http, jobs, web, the
//   separate processes) and tests outside them (api/src/test, *.test.ts) may import a module's file
//   directly: an index brings the module's routes and services, which config.ts, the job runner or
//   the sandbox provider's process must not load.
// - in the API's modules, only a module's repo files query tables: a file named repo.ts or ending in
//   -repo.ts (tests apart) is the only one that may import the schema (api/src/db/schema); a use case
//   calls its own module's repo, and reaches another module's tables through that module's index.
// - no file names a retired package as a module (an import, a dynamic import, vi.mock or
//   vi.importActual, require): react-router-dom, which react-router 7 merged into react-router and
//   react-router 8 drops; react-router is the shared module every app routes with.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ROOT } from './ensure-install.mjs';

const APPS = ['shell', 'remote-messages', 'remote-wallet', 'remote-rails', 'remote-settings'];
const PACKAGES = [...APPS, 'shared', 'api', 'e2e'];
/** The DOM-free entries of shared the API may import. */
const API_SHARED_ENTRIES = ['@dash/shared/contracts', '@dash/shared/counterparty-rules'];
/** Packages no file may name as a module, with what to do instead. */
const RETIRED_PACKAGES = new Map([
  [
    'react-router-dom',
    "import it from 'react-router' (react-router 7 merged react-router-dom into it; react-router 8 drops it)",
  ],
]);
/** A module named in an import, export, dynamic import, require or a vitest mock of a module. */
const MODULE_REFERENCE =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^>]*>)?\s*\(\s*)['"]([^'"]+)['"]/gm;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    // Tooling (scripts/, benchmarks/) is not app code: it may start servers and quote forbidden imports.
    if (['node_modules', 'dist', 'scripts', 'benchmarks'].includes(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name)) yield path;
  }
}

const packageOf = (file) => relative(ROOT, file).split(sep)[0];
/** A test file, or test support in a `src/test/` folder. */
const isTestFile = (file) =>
  /\.test\.[cm]?[jt]sx?$/.test(file) || relative(ROOT, file).split(sep).includes('test');
const API_MODULES = join(ROOT, 'api', 'src', 'modules');
/** The app's wiring: it builds every module, through their indexes like a module would. */
const API_APP = join(ROOT, 'api', 'src', 'app.ts');
const SHARED_TEST = join(ROOT, 'shared', 'src', 'test');
const SHARED_SRC = join(ROOT, 'shared', 'src');

/** The singleton's own folders, and the contracts and calls shared/src/browser.ts names one by one. */
const SINGLETON_FOLDERS = ['client', 'session', 'i18n', 'ui', 'theme'];
const SINGLETON_MODULES = new Set([
  'browser',
  'contracts-core',
  ...['browser.ts', 'contracts-core.ts'].flatMap((entry) =>
    [
      ...readFileSync(join(SHARED_SRC, entry), 'utf8').matchAll(
        /from '\.\/((?:contracts|endpoints)\/[^']+)'/g,
      ),
    ].map((match) => match[1]),
  ),
]);

/** Where a file of shared/src sits: in the federation singleton, in an area, or neither. */
function sharedPart(path) {
  const module = relative(SHARED_SRC, path)
    .split(sep)
    .join('/')
    .replace(/\.[cm]?[jt]sx?$/, '');
  if (module.startsWith('..')) return null;
  if (SINGLETON_MODULES.has(module) || SINGLETON_FOLDERS.includes(module.split('/')[0])) return 'singleton';
  if (/^(contracts|endpoints)\//.test(module)) return 'area';
  return null;
}

/** The API module a path is in (api/src/modules/<m>/…, or that folder itself), or null. */
function apiModuleOf(path) {
  const inside = relative(API_MODULES, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return inside.split(sep)[0];
}

/**
 * What is wrong with `specifier` (on `line` of `file`) when it reaches past another API module's
 * index.ts, or null: the rule applies to the modules' files and to api/src/app.ts.
 */
function deepModuleImport(file, specifier, line) {
  const importer = apiModuleOf(file);
  if (importer === null && file !== API_APP) return null;
  if (!specifier.startsWith('.')) return null;
  const target = resolve(file, '..', specifier);
  const module = apiModuleOf(target);
  if (module === null || module === importer) return null;
  const inside = relative(join(API_MODULES, module), target);
  if (inside === '' || /^index(\.[cm]?[jt]s)?$/.test(inside)) return null;
  const index = relative(dirname(file), join(API_MODULES, module, 'index'))
    .split(sep)
    .join('/');
  const fix = index.startsWith('.') ? index : `./${index}`;
  return (
    `line ${line} imports "${specifier}", inside the ${module} module: import it from '${fix}' ` +
    `(and export it in api/src/modules/${module}/index.ts if it is not there yet)`
  );
}

const API_SCHEMA = join(ROOT, 'api', 'src', 'db', 'schema');
/** A module's repo file: repo.ts, or a file whose name ends in -repo.ts. */
const isRepoFile = (file) => /(^|-)repo\.ts$/.test(file.split(sep).at(-1) ?? '');

/**
 * What is wrong with `specifier` (on `line` of `file`) when a file of an API module that is not one of
 * its repo files imports the schema, or null.
 */
function schemaOutsideRepo(file, specifier, line) {
  const module = apiModuleOf(file);
  if (module === null || isTestFile(file) || isRepoFile(file) || !specifier.startsWith('.')) return null;
  const target = resolve(file, '..', specifier).replace(/\.[cm]?[jt]s$/, '');
  if (target !== API_SCHEMA && !target.startsWith(API_SCHEMA + sep)) return null;
  return (
    `line ${line} imports "${specifier}": in api/src/modules only a module's repo files (repo.ts or ` +
    `*-repo.ts) may import the schema; move the query into api/src/modules/${module}/repo.ts (or a ` +
    `*-repo.ts beside it), or call the module that owns the table through its index.ts`
  );
}

/** The package a bare module specifier names (`@scope/name` or `name`), or null for a path. */
function packageNameOf(specifier) {
  if (specifier.startsWith('.') || isAbsolute(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function violationsOf(file, source) {
  const owner = packageOf(file);
  const problems = [];
  for (const match of source.matchAll(MODULE_REFERENCE)) {
    const pkg = packageNameOf(match[1]);
    const fix = pkg ? RETIRED_PACKAGES.get(pkg) : undefined;
    if (fix) {
      const line = source.slice(0, match.index + match[0].lastIndexOf(match[1])).split('\n').length;
      problems.push(`line ${line} names "${match[1]}", a retired package: ${fix}`);
    }
  }
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier) continue;
    const target = specifier.startsWith('.')
      ? packageOf(resolve(file, '..', specifier))
      : specifier.split('/')[0];
    const sharedEntry = specifier.startsWith('@dash/shared') ? specifier : undefined;
    if (APPS.includes(owner) && APPS.includes(target) && target !== owner) {
      problems.push(
        `${owner} imports ${target} ("${specifier}"): apps load each other only through federation`,
      );
    }
    if (
      owner === 'shared' &&
      (APPS.includes(target) || target === 'api' || specifier.startsWith('@dash/api'))
    ) {
      problems.push(`shared imports an app ("${specifier}")`);
    }
    if (owner === 'api' && (APPS.includes(target) || specifier.startsWith('@dash/e2e'))) {
      problems.push(`api imports an app ("${specifier}")`);
    }
    if (owner === 'api' && sharedEntry && !API_SHARED_ENTRIES.includes(sharedEntry)) {
      problems.push(
        `api imports "${specifier}": the API uses only @dash/shared/contracts (no React, no DOM)`,
      );
    }
    const intoSharedTest = specifier.startsWith('.')
      ? resolve(file, '..', specifier).startsWith(SHARED_TEST + sep)
      : specifier === '@dash/shared/test' || specifier.startsWith('@dash/shared/test/');
    if (intoSharedTest && !isTestFile(file)) {
      problems.push(`imports the test harness ("${specifier}") outside a test file`);
    }
    const part = owner === 'shared' ? sharedPart(file) : null;
    const targetPart = specifier.startsWith('.') ? sharedPart(resolve(file, '..', specifier)) : null;
    if (part === 'singleton' && !isTestFile(file)) {
      if (sharedEntry === '@dash/shared' || sharedEntry === '@dash/shared/api') {
        problems.push(
          `the @dash/shared singleton imports "${specifier}" by name: inside the singleton, import by relative path`,
        );
      }
      if (targetPart === 'area') {
        problems.push(
          `the @dash/shared singleton imports an area's module ("${specifier}"): it would build that area at boot; it belongs in @dash/shared/api`,
        );
      }
    }
    if (part === 'area' && targetPart === 'singleton' && !isTestFile(file)) {
      problems.push(
        `an area's module imports the singleton's "${specifier}" by path: import it from '@dash/shared' (from a contract: '@dash/shared/contracts-core') so every app shares one instance`,
      );
    }
    if (owner !== 'shared' && specifier.startsWith('.') && target === 'shared') {
      problems.push(`${owner} reaches into shared by path ("${specifier}"): import @dash/shared`);
    }
    if (owner === 'api') {
      const line = source.slice(0, match.index + match[0].lastIndexOf(specifier)).split('\n').length;
      const deep = deepModuleImport(file, specifier, line);
      if (deep) problems.push(deep);
      const query = schemaOutsideRepo(file, specifier, line);
      if (query) problems.push(query);
    }
  }
  return problems;
}

function main() {
  const problems = [];
  let files = 0;
  for (const pkg of PACKAGES) {
    for (const file of sourceFiles(join(ROOT, pkg))) {
      files += 1;
      for (const problem of violationsOf(file, readFileSync(file, 'utf8'))) {
        problems.push(`${relative(ROOT, file)}: ${problem}`);
      }
    }
  }
  if (problems.length > 0) {
    console.error(`Boundary check failed (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Boundary check passed: ${files} files, no import crosses an architecture boundary.`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) main();
