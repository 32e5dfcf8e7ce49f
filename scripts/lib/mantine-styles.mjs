// Which of @mantine/core's per-component stylesheets an app needs, from its sources. The shell once
// imported all of Mantine's CSS: 250 KB raw (29.5 KB brotli) of render-blocking stylesheet, most of
// it for components the dashboard never renders. It now imports the stylesheets of the components
// the product uses (shell/src/app/mantine-styles.ts): 131 KB (16.4 KB brotli), and parsing it took a
// traced repeat visit's main thread 2-9 ms of CPU at 4x instead of 11-23. This check fails when a
// component is used without its stylesheet, naming the file to import; a remote may import one
// itself, in its own src/mantine-styles.ts (imported by its areas).
//
// A component's classes live in the `*.module.mjs` files its ESM code imports, its own and those of
// the components it renders (Button: UnstyledButton, Loader); each maps to `styles/<Name>.css`. So the
// stylesheets an app needs are those of the modules reachable from what it imports from
// @mantine/core, and from what the other @mantine packages it imports (notifications) import from it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { filesUnder } from './source-files.mjs';

/** Always first, in this order: the reset, the theme's CSS variables, and the global classes (hiddenFrom, focus). */
export const MANTINE_BASE_STYLES = ['baseline', 'default-css-variables', 'global'];

const IMPORT_FROM = (pkg) =>
  new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace('/', '\\/')}['"]`, 'gs');

const sourceFiles = (root) => [...filesUnder(root, /\.(tsx?|mjs)$/)];

const names = (list) =>
  list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim(),
    )
    .filter(Boolean);

/** Where each export of @mantine/core's ESM index comes from: name -> file. */
function coreExports(coreDir) {
  const index = readFileSync(join(coreDir, 'esm/index.mjs'), 'utf8');
  const where = new Map();
  for (const match of index.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const part of match[1].split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) where.set((alias ?? name).trim(), resolve(coreDir, 'esm', match[2]));
    }
  }
  return where;
}

/**
 * The @mantine/core stylesheets (names without `.css`) that the sources under `roots` need, with
 * for each the first component that needs it: `Map<stylesheet, component>`. `packageDir(name)`
 * resolves an installed package's directory (@mantine/core, and the other @mantine packages the
 * sources import).
 */
export function neededMantineStyles(roots, packageDir) {
  const coreDir = packageDir('@mantine/core');
  const used = new Set();
  const otherPackages = new Set();
  for (const file of roots.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT_FROM('@mantine/core')))
      for (const name of names(match[1])) used.add(name);
    for (const match of source.matchAll(/['"](@mantine\/(?!core['"/])[a-z-]+)['"]/g))
      otherPackages.add(match[1]);
  }
  // What the other @mantine packages render from @mantine/core (the toasts' Notification).
  for (const pkg of otherPackages) {
    const esm = join(packageDir(pkg), 'esm');
    if (!existsSync(esm)) continue;
    for (const file of sourceFiles(esm)) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_FROM('@mantine/core')))
        for (const name of names(match[1])) used.add(name);
    }
  }
  const where = coreExports(coreDir);
  const needed = new Map();
  const seen = new Set();
  const visit = (file, component) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.module.mjs')) {
      const sheet = basename(file, '.module.mjs');
      if (!needed.has(sheet)) needed.set(sheet, component);
    }
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g)) {
      visit(resolve(dirname(file), match[1]), component);
    }
  };
  // Types and names that are not components have no file of their own here (a type, a hook) or
  // reach no stylesheet (MantineProvider): both are fine.
  for (const name of [...used].sort()) {
    const file = where.get(name);
    if (file) visit(file, name);
  }
  return needed;
}

/** The stylesheets in Mantine's own order (that of its styles.css, dependencies first). */
export function mantineOrder(coreDir) {
  const all = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const order = new Map();
  for (const file of readdirSync(join(coreDir, 'styles'))) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const start = readFileSync(join(coreDir, 'styles', file), 'utf8')
      .trim()
      .slice(0, 300);
    const at = all.indexOf(start);
    // A sheet not found in styles.css has no place to keep: it is reported as not Mantine's.
    if (at >= 0) order.set(basename(file, '.css'), at);
  }
  return order;
}

/**
 * The @mantine/core stylesheets a file imports, in its order: `import '@mantine/core/styles/X.css'`;
 * none when `optional` and the file does not exist (a remote with no stylesheet of its own).
 */
export function importedMantineStyles(file, { optional = false } = {}) {
  if (optional && !existsSync(file)) return [];
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/import\s*['"]@mantine\/core\/styles\/([A-Za-z-]+)\.css['"]/g)].map(
    (match) => match[1],
  );
}

/**
 * The stylesheets an app's sources need (`needed`) that neither the shell's list (`provided`) nor
 * the app's own imports (`own`) bring, each as a sentence naming the file to import. Empty when
 * all is well.
 */
export function mantineStyleProblems({ app, needed, provided, own = [], listFile }) {
  const problems = [];
  const have = new Set([...provided, ...own]);
  for (const [sheet, component] of needed) {
    if (!have.has(sheet)) {
      problems.push(
        `${app} uses ${component}, whose classes are in @mantine/core/styles/${sheet}.css, and nothing imports it: add \`import '@mantine/core/styles/${sheet}.css';\` to ${listFile} (in Mantine's order) or to ${app} itself`,
      );
    }
  }
  return problems;
}

/** The shell's list itself: the base stylesheets first, then the rest in Mantine's order. */
export function mantineListProblems({ provided, order, listFile }) {
  const problems = [];
  MANTINE_BASE_STYLES.forEach((sheet, index) => {
    if (provided[index] !== sheet) {
      problems.push(
        `${listFile} must import @mantine/core/styles/${sheet}.css as its import number ${index + 1}`,
      );
    }
  });
  for (const sheet of provided) {
    if (!order.has(sheet))
      problems.push(`${listFile} imports ${sheet}.css, which @mantine/core does not have`);
  }
  const known = provided.filter((sheet) => order.has(sheet));
  for (let index = 1; index < known.length; index += 1) {
    if (order.get(known[index]) < order.get(known[index - 1])) {
      problems.push(
        `${listFile} imports ${known[index]}.css after ${known[index - 1]}.css: Mantine's styles.css has it before, and a later rule wins`,
      );
    }
  }
  return problems;
}
