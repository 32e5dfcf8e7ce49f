#!/usr/bin/env node
// Two checks of the languages (issue 14), run as unit tests in `npm test` (check-i18n.test.mjs):
// 1. every `locales` folder in the repo (found by walking it, so a new namespace is covered at once)
//    holds en.json, es-MX.json and pt-BR.json with the same keys (plural forms aside) and the same
//    {{placeholders}} per key, none empty, and no glossary word left in English (GLOSSARY);
// 2. no component shows an untranslated string: JSX text with letters, or a literal string in a
//    user-facing prop (label, placeholder, title, aria-label...), outside a tiny allow-list;
// 3. every message code the code names (server or client: `coded('messages.x')`, `codedMessage`,
//    `english`, `failure: 'catalogue.x'`, a `code:` or a *_CODE(S) table) has a text in `common`
//    in every language: a code travels instead of English (issue 49), so one without a
//    translation would reach a reader as a bare key. TypeScript refuses a code en.json lacks
//    (TMessageCode); this also covers the other languages and code TypeScript does not see.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './ensure-install.mjs';
import { filesUnder, SKIPPED_DIRS } from './lib/source-files.mjs';

export const LOCALES = ['en', 'es-MX', 'pt-BR'];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      yield { dir: path, name };
      yield* walk(path);
    }
  }
}

/** Every folder named `locales` under the repository. */
export function localeFolders(root = ROOT) {
  return [...walk(root)].filter((entry) => entry.name === 'locales').map((entry) => entry.dir);
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** key -> placeholders, with nested keys joined by dots and plural suffixes folded into one key. */
export function flatten(messages, prefix = '', into = new Map()) {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, into);
    else {
      const base = path.replace(PLURAL, '');
      const text = typeof value === 'string' ? value : '';
      const placeholders = new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]));
      const known = into.get(base);
      into.set(base, {
        placeholders: new Set([...(known?.placeholders ?? []), ...placeholders]),
        empty: (known?.empty ?? false) || text.trim() === '',
      });
    }
  }
  return into;
}

/** What is wrong with one namespace's messages, given each language's parsed JSON. */
export function keyProblems(byLocale, label = 'messages') {
  const problems = [];
  const flat = {};
  for (const locale of LOCALES) {
    if (!byLocale[locale]) problems.push(`${label}: ${locale}.json is missing`);
    else flat[locale] = flatten(byLocale[locale]);
  }
  const en = flat.en;
  if (!en) return problems;
  for (const locale of LOCALES.filter((candidate) => candidate !== 'en' && flat[candidate])) {
    const other = flat[locale];
    for (const key of en.keys()) if (!other.has(key)) problems.push(`${label}: ${locale} lacks "${key}"`);
    for (const key of other.keys())
      if (!en.has(key)) problems.push(`${label}: ${locale} has "${key}", en does not`);
    for (const [key, { placeholders }] of en) {
      const theirs = other.get(key)?.placeholders;
      if (!theirs) continue;
      const missing = [...placeholders].filter((name) => !theirs.has(name));
      const extra = [...theirs].filter((name) => !placeholders.has(name));
      if (missing.length + extra.length > 0) {
        problems.push(
          `${label}: ${locale} "${key}" has placeholders {${[...theirs]}}, en {${[...placeholders]}}`,
        );
      }
    }
  }
  for (const locale of Object.keys(flat)) {
    for (const [key, { empty }] of flat[locale])
      if (empty) problems.push(`${label}: ${locale} "${key}" is empty`);
  }
  return problems;
}

/**
 * Words a translation must not leave in English, with the word it uses instead: the areas as the
 * navigation names them ("Rieles", "Trilhos"; a sentence writes them in lower case).
 */
export const GLOSSARY = {
  'es-MX': [{ english: /\brails?\b/i, word: 'rieles' }],
  'pt-BR': [{ english: /\brails?\b/i, word: 'trilhos' }],
};

/** Every text of a parsed messages file, with its key path. */
function texts(messages, prefix = '') {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') return texts(value, path);
    return typeof value === 'string' ? [[path, value]] : [];
  });
}

/** The texts of one namespace that leave a glossary word in English. */
export function glossaryProblems(byLocale, label = 'messages') {
  const problems = [];
  for (const [locale, entries] of Object.entries(GLOSSARY)) {
    if (!byLocale[locale]) continue;
    for (const [key, text] of texts(byLocale[locale])) {
      for (const { english, word } of entries) {
        if (english.test(text))
          problems.push(`${label}: ${locale} "${key}" says "${text.match(english)[0]}", not "${word}"`);
      }
    }
  }
  return problems;
}

export function localeFolderProblems(folder) {
  const byLocale = {};
  for (const locale of LOCALES) {
    try {
      byLocale[locale] = JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8'));
    } catch (error) {
      if (error.code !== 'ENOENT') throw new Error(`${folder}/${locale}.json: ${error.message}`);
    }
  }
  const label = relative(ROOT, folder);
  return [...keyProblems(byLocale, label), ...glossaryProblems(byLocale, label)];
}

/** Props whose string a person reads (or a screen reader says). */
export const USER_FACING_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'description',
  'error',
  'message',
  'caption',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
  'nothingFoundMessage',
]);

/** Words that are the same in every language: the brand, and symbols/codes nobody translates. */
export const ALLOWED_STRINGS = new Set([
  'Dash',
  'KYB',
  'CLABE',
  'Pix',
  'USDC',
  'BRL',
  'MXN',
  'USD',
  'EVM',
  'UTC',
]);

const hasLetters = (text) => /\p{L}/u.test(text);
/** The brand and codes, and machine values shown as they are (a hex address or hash). */
const allowed = (text) => ALLOWED_STRINGS.has(text.trim()) || /^0x[0-9a-f]+$/i.test(text.trim());

/** Untranslated strings in one .tsx source: [{ line, text, where }]. */
export function untranslatedStrings(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text, where) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ line: line + 1, text: text.trim(), where });
  };
  const literalText = (expression) => {
    if (!expression) return undefined;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return expression.text;
    if (ts.isTemplateExpression(expression)) {
      return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    if (ts.isConditionalExpression(expression)) {
      return [literalText(expression.whenTrue), literalText(expression.whenFalse)].filter(Boolean).join(' ');
    }
    if (ts.isBinaryExpression(expression)) {
      // What is shown: both sides of a concatenation or a fallback, the right of `cond && 'text'`;
      // a comparison (`status === 'Submitted'`) shows nothing.
      const kind = expression.operatorToken.kind;
      if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return literalText(expression.right);
      if (
        kind !== ts.SyntaxKind.PlusToken &&
        kind !== ts.SyntaxKind.QuestionQuestionToken &&
        kind !== ts.SyntaxKind.BarBarToken
      )
        return undefined;
      return [literalText(expression.left), literalText(expression.right)].filter(Boolean).join(' ');
    }
    if (ts.isParenthesizedExpression(expression)) return literalText(expression.expression);
    return undefined;
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText(file).replace(/\s+/g, ' ');
      if (hasLetters(text) && !allowed(text)) report(node, text, 'JSX text');
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent ?? {})) {
      const text = literalText(node.expression);
      if (text && hasLetters(text) && !allowed(text)) report(node, text, 'JSX text');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(file);
      if (USER_FACING_PROPS.has(name) && node.initializer) {
        const text = ts.isStringLiteral(node.initializer)
          ? node.initializer.text
          : ts.isJsxExpression(node.initializer)
            ? literalText(node.initializer.expression)
            : undefined;
        if (text && hasLetters(text) && !allowed(text)) report(node, text, `prop ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const tsxFiles = (dir) => filesUnder(dir, /\.tsx$/);

/** The component folders checked for untranslated strings: every app and the shared UI. */
export const CHECKED_COMPONENT_DIRS = [
  'shell/src',
  'remote-messages/src',
  'remote-wallet/src',
  'remote-rails/src',
  'remote-settings/src',
  'shared/src/ui',
];

export function untranslatedInRepo(dirs = CHECKED_COMPONENT_DIRS) {
  const problems = [];
  for (const dir of dirs) {
    for (const file of tsxFiles(join(ROOT, dir))) {
      for (const hit of untranslatedStrings(file, readFileSync(file, 'utf8'))) {
        problems.push(`${relative(ROOT, file)}:${hit.line} ${hit.where}: "${hit.text}"`);
      }
    }
  }
  return problems;
}

/** The calls whose first argument, and the properties whose value, is a message code. */
const CODE_CALLS = new Set(['coded', 'codedIssue', 'codedMessage', 'english', 'failedCall', 'wordMessage']);
const CODE_PROPERTIES = new Set(['failure', 'code']);
const MESSAGE_CODE = /^(catalogue|messages)\.[A-Za-z0-9]+$/;

/** The message codes one source file names, with their lines. */
export function messageCodesIn(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node) => {
    if (!ts.isStringLiteralLike(node) || !MESSAGE_CODE.test(node.text)) return;
    found.push({ code: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const inCodeTable = (node) => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isVariableDeclaration(parent)) return /_CODES?$/.test(parent.name.getText());
    }
    return false;
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && CODE_CALLS.has(node.expression.getText()) && node.arguments[0])
      add(node.arguments[0]);
    if (ts.isPropertyAssignment(node) && (CODE_PROPERTIES.has(node.name.getText()) || inCodeTable(node)))
      add(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Where message codes are named: the API, shared and every app. */
export const CODE_DIRS = [
  'api/src',
  'shared/src',
  ...CHECKED_COMPONENT_DIRS.filter((dir) => !dir.startsWith('shared')),
];
const COMMON_LOCALES = 'shared/src/i18n/locales';

/** A code the code names that `common` has no text for, in any language. */
export function untranslatedCodes(dirs = CODE_DIRS, root = ROOT) {
  const common = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      JSON.parse(readFileSync(join(root, COMMON_LOCALES, `${locale}.json`), 'utf8')),
    ]),
  );
  const problems = [];
  for (const dir of dirs) {
    for (const file of filesUnder(join(root, dir), /\.tsx?$/)) {
      for (const { code, line } of messageCodesIn(file, readFileSync(file, 'utf8'))) {
        const [section, key] = code.split('.');
        for (const locale of LOCALES) {
          if (typeof common[locale][section]?.[key] !== 'string')
            problems.push(`${relative(root, file)}:${line} names "${code}", which common ${locale} lacks`);
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [
    ...localeFolders().flatMap(localeFolderProblems),
    ...untranslatedInRepo(process.argv.slice(2).length > 0 ? process.argv.slice(2) : undefined),
    ...untranslatedCodes(),
  ];
  for (const problem of problems) console.log(problem);
  console.log(`${problems.length} problem(s)`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
