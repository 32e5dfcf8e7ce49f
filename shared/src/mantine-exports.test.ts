import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_CORE_EXPORTS } from './federation';

const ROOT = resolve(__dirname, '../..');
const APPS = [
  'shared/src',
  'shell/src',
  'remote-messages/src',
  'remote-wallet/src',
  'remote-rails/src',
  'remote-settings/src',
];

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !name.includes('.test.')) yield path;
  }
}

/** Runtime (non-type) names imported from @mantine/core anywhere in the apps and shared. */
function importedMantineValues(): Map<string, string> {
  const used = new Map<string, string>();
  for (const app of APPS) {
    for (const file of sources(join(ROOT, app))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+'@mantine\/core'/g)) {
        if (match[1]) continue;
        for (const part of (match[2] ?? '').split(',')) {
          const name =
            part
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim() ?? '';
          if (name && !name.startsWith('type ')) used.set(name, file.slice(ROOT.length + 1));
        }
      }
    }
  }
  return used;
}

describe('the @mantine/core exports every app builds against', () => {
  it('lists every Mantine component and hook the apps import', () => {
    const missing = [...importedMantineValues()].filter(
      ([name]) => !(MANTINE_CORE_EXPORTS as readonly string[]).includes(name),
    );
    expect(missing.map(([name, file]) => `${name} (used in ${file})`)).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(importedMantineValues().has('MantineProvider')).toBe(true);
  });
});
