import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importedMantineStyles,
  mantineListProblems,
  mantineOrder,
  mantineStyleProblems,
  neededMantineStyles,
} from './mantine-styles.mjs';

const ROOT = join(import.meta.dirname, '../..');
const LIST = 'shell/src/app/mantine-styles.ts';
const APPS = ['shell', 'remote-messages', 'remote-wallet', 'remote-rails', 'remote-settings'];
const packageDir = (app) => (name) => realpathSync(join(ROOT, app, 'node_modules', name));
const provided = importedMantineStyles(join(ROOT, LIST));
const order = mantineOrder(packageDir('shell')('@mantine/core'));

describe('Mantine’s stylesheets', () => {
  it.each(APPS)(
    '%s: each @mantine/core component it uses (and shared’s) has its stylesheet imported',
    (app) => {
      const needed = neededMantineStyles([join(ROOT, app, 'src'), join(ROOT, 'shared/src')], packageDir(app));
      // What the dashboard surely renders: a check that found nothing would pass for any list.
      expect([...needed.keys()]).toEqual(
        expect.arrayContaining(['Button', 'UnstyledButton', 'Text', 'Stack']),
      );
      const own =
        app === 'shell'
          ? []
          : importedMantineStyles(join(ROOT, app, 'src/mantine-styles.ts'), { optional: true });
      expect(mantineStyleProblems({ app, needed, provided, own, listFile: LIST })).toEqual([]);
    },
  );

  it('the shell’s list starts with the base stylesheets and keeps Mantine’s order', () => {
    expect(mantineListProblems({ provided, order, listFile: LIST })).toEqual([]);
  });

  it('names the stylesheet a used component lacks, and a list out of order', () => {
    const needed = new Map([
      ['Button', 'Button'],
      ['UnstyledButton', 'Button'],
    ]);
    expect(
      mantineStyleProblems({ app: 'remote-x', needed, provided: ['UnstyledButton'], listFile: LIST }),
    ).toEqual([
      `remote-x uses Button, whose classes are in @mantine/core/styles/Button.css, and nothing imports it: add \`import '@mantine/core/styles/Button.css';\` to ${LIST} (in Mantine's order) or to remote-x itself`,
    ]);
    expect(
      mantineStyleProblems({
        app: 'remote-x',
        needed,
        provided: ['UnstyledButton'],
        own: ['Button'],
        listFile: LIST,
      }),
    ).toEqual([]);
    const problems = mantineListProblems({
      provided: ['baseline', 'default-css-variables', 'global', 'Button', 'UnstyledButton', 'Nope'],
      order,
      listFile: LIST,
    });
    expect(problems).toEqual([
      `${LIST} imports Nope.css, which @mantine/core does not have`,
      `${LIST} imports UnstyledButton.css after Button.css: Mantine's styles.css has it before, and a later rule wins`,
    ]);
    expect(mantineListProblems({ provided: ['global', 'Button'], order, listFile: LIST })).toHaveLength(3);
  });

  it('finds a component’s stylesheets through the components it renders', () => {
    const needed = neededMantineStyles([join(ROOT, 'shell/src/app')], packageDir('shell'));
    // providers.tsx imports only MantineProvider, which renders nothing styled.
    expect(needed.has('Button')).toBe(false);
    const wallet = neededMantineStyles([join(ROOT, 'remote-wallet/src')], packageDir('remote-wallet'));
    // A Button's loader and its unstyled base come with it.
    expect(wallet.get('Loader')).toBeDefined();
    expect(wallet.get('UnstyledButton')).toBeDefined();
  });
});
