import { describe, expect, it } from 'vitest';
import {
  glossaryProblems,
  keyProblems,
  localeFolderProblems,
  localeFolders,
  messageCodesIn,
  untranslatedCodes,
  untranslatedInRepo,
  untranslatedStrings,
} from './check-i18n.mjs';
import { ROOT } from './ensure-install.mjs';

describe('every language has every message', () => {
  it('finds the locales folders of the shell, the remotes, shared and the API mails', () => {
    const folders = localeFolders().map((folder) => folder.slice(ROOT.length + 1));
    expect(folders).toEqual(
      expect.arrayContaining([
        'shared/src/i18n/locales',
        'shell/src/locales',
        'remote-settings/src/locales',
        'api/src/modules/mail/locales',
      ]),
    );
  });

  it('has the same keys and placeholders in en, es-MX and pt-BR in every locales folder', () => {
    expect(localeFolders().flatMap(localeFolderProblems)).toEqual([]);
  });

  it('reports a missing key, an extra key, a missing language, a lost placeholder and an empty text', () => {
    const en = {
      a: { b: 'Hello {{name}}' },
      c: 'Bye',
      rows_one: '{{count}} row',
      rows_other: '{{count}} rows',
    };
    expect(
      keyProblems({
        en,
        'es-MX': {
          a: { b: 'Hola' },
          d: 'x',
          rows_one: '{{count}} fila',
          rows_other: '{{count}} filas',
          rows_many: '{{count}} filas',
        },
      }),
    ).toEqual([
      'messages: pt-BR.json is missing',
      'messages: es-MX lacks "c"',
      'messages: es-MX has "d", en does not',
      'messages: es-MX "a.b" has placeholders {}, en {name}',
    ]);
    expect(keyProblems({ en: { a: 'A' }, 'es-MX': { a: ' ' }, 'pt-BR': { a: 'A' } })).toEqual([
      'messages: es-MX "a" is empty',
    ]);
  });

  it('reports a glossary word left in English, in a nested text, and not in English itself', () => {
    expect(
      glossaryProblems({
        en: { denied: 'Viewers cannot change the rails settings.' },
        'es-MX': { area: { denied: 'No puedes cambiar la configuración de Rails.' } },
        'pt-BR': { denied: 'Você não pode alterar as configurações de trilhos.' },
      }),
    ).toEqual(['messages: es-MX "area.denied" says "Rails", not "rieles"']);
  });
});

describe('no component shows an untranslated string', () => {
  const found = (source) =>
    untranslatedStrings('x.tsx', source).map(({ where, text }) => `${where}: ${text}`);

  it('flags JSX text and literal strings in user-facing props, not translated ones', () => {
    expect(
      found(`export const A = () => (
        <Stack aria-label="Members">
          <Title>Settings</Title>
          <TextInput label={'Name'} placeholder={\`Type \${slug}\`} description={t('x')} />
          <Text>{t('y')} · {count}</Text>
          <Text>{ok ? 'Saved' : t('z')}</Text>
          <Badge color="teal" variant="light" size="xs">Dash</Badge>
          <Code>0x52908400098527886E0F7030069857D2E4169EE7</Code>
        </Stack>
      );`),
    ).toEqual([
      'prop aria-label: Members',
      'JSX text: Settings',
      'prop label: Name',
      'prop placeholder: Type',
      'JSX text: Saved',
    ]);
  });

  // The remotes converted by the other languages helper (messages, wallet, rails) join once merged.
  it('finds none in the shell, the four remotes and the shared UI', () => {
    expect(untranslatedInRepo()).toEqual([]);
  });
});

describe('every message code has a text in every language', () => {
  it('finds the codes the code names: coded rules, coded messages, failures and code tables', () => {
    const source = `
      const Z = z.string(coded('messages.emailRequired'));
      throw new AppError('CONFLICT', codedMessage('messages.emailTaken', { a: '1' }));
      apiRequest({ path: 'x', failure: 'catalogue.signOut' });
      export const X_CODES = { a: 'messages.clabeLength' } as const;
      const permission = { read: 'messages.read' };
      t('messages.title');
    `;
    expect(messageCodesIn('example.ts', source).map((found) => found.code)).toEqual([
      'messages.emailRequired',
      'messages.emailTaken',
      'catalogue.signOut',
      'messages.clabeLength',
    ]);
  });

  it('has a text in en, es-MX and pt-BR for every code the API, shared and the apps name', () => {
    expect(untranslatedCodes()).toEqual([]);
  });
});
