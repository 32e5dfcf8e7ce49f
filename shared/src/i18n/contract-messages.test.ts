import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

/**
 * Every user-facing message of a shared contract travels as a code (issue 49): a zod check names
 * its message with `coded('messages.x')` (a custom issue with `codedIssue`), a message constant is
 * `english('messages.x')`, so the API answers the code beside the English and the UI words it in
 * the reader's language. English text written in a contract would reach the UI untranslated.
 *
 * Collected from shared/src/contracts/*.ts with the TypeScript compiler API:
 * (a) the initializer of an exported const named *_MESSAGE, and every string in an exported const
 *     named *_MESSAGES;
 * (b) the message of a zod check: a call whose argument is a string or an object with a
 *     `message`/`error` string (`.min(1, { message })`, `.regex(re, 'text')`, `.refine(fn, {...})`);
 * (c) any `message:`/`error:` property (covers `addIssue({ message })` in superRefine);
 * and every code named in `coded(…)`, `codedIssue(…)`, `codedMessage(…)`, `english(…)`.
 * A value given by name (a const declared in any contract file), a template whose parts are such
 * consts, or an arrow function returning a string is resolved to its text.
 */
const CONTRACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'contracts');
const SKIPPED_FILES = new Set<string>();
const CHECK_PROPERTIES = new Set(['message', 'error']);
/** zod calls whose string argument is the message (`z.literal('pix')`, `.normalize('NFKD')` are values). */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'email',
  'url',
  'uuid',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'int',
  'gt',
  'gte',
  'lt',
  'lte',
  'nonempty',
  'multipleOf',
  'string',
  'number',
  'bigint',
  'boolean',
  'date',
  'datetime',
  'iso',
  'enum',
  'array',
  'object',
  'startsWith',
  'endsWith',
  'includes',
]);

const files = readdirSync(CONTRACTS)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !SKIPPED_FILES.has(name))
  .sort()
  .map((name) =>
    ts.createSourceFile(name, readFileSync(join(CONTRACTS, name), 'utf8'), ts.ScriptTarget.Latest, true),
  );

/** Top-level consts of all contract files by name, so `{ message: NAME_REQUIRED }` is resolved. */
const CONSTS = new Map<string, ts.Expression>();
for (const file of files) {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        CONSTS.set(declaration.name.text, declaration.initializer);
      }
    }
  }
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Text built from a function's parameter: its words are the caller's, collected where they are written. */
const FROM_CALLER = Symbol('from the caller');
type TText = string | typeof FROM_CALLER | undefined;

function isParameter(identifier: ts.Identifier): boolean {
  for (let node: ts.Node | undefined = identifier.parent; node; node = node.parent) {
    if (
      ts.isFunctionLike(node) &&
      node.parameters.some((parameter) =>
        new RegExp(`\\b${identifier.text}\\b`).test(parameter.name.getText()),
      )
    ) {
      return true;
    }
    if (ts.isBlock(node) || ts.isCaseClause(node)) {
      const local = node.statements.some(
        (statement) =>
          ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some((declaration) =>
            new RegExp(`\\b${identifier.text}\\b`).test(declaration.name.getText()),
          ),
      );
      if (local) return true;
    }
  }
  return false;
}

/** The text of an expression when it is known without running the code, else undefined. */
function textOf(node: ts.Expression, depth = 0): TText {
  if (depth > 5) return undefined;
  const expression = unwrap(node);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return expression.text;
  if (ts.isNumericLiteral(expression)) return expression.text;
  if (ts.isIdentifier(expression)) {
    const value = CONSTS.get(expression.text);
    if (value) return textOf(value, depth + 1);
    return isParameter(expression) ? FROM_CALLER : undefined;
  }
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const object = CONSTS.get(expression.expression.text);
    const record = object && unwrap(object);
    if (!record || !ts.isObjectLiteralExpression(record)) return undefined;
    const property = record.properties.find(
      (entry): entry is ts.PropertyAssignment =>
        ts.isPropertyAssignment(entry) && entry.name.getText() === expression.name.text,
    );
    return property ? textOf(property.initializer, depth + 1) : undefined;
  }
  if (ts.isTemplateExpression(expression)) {
    let text = expression.head.text;
    for (const span of expression.templateSpans) {
      const part = textOf(span.expression, depth + 1);
      if (typeof part !== 'string') return part;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isArrowFunction(expression) && !ts.isBlock(expression.body))
    return textOf(expression.body, depth + 1);
  // `condition ? MESSAGE : undefined` (zod's error map: this message, else zod's own)
  if (ts.isConditionalExpression(expression)) {
    const isUndefined = (branch: ts.Expression) => unwrap(branch).getText() === 'undefined';
    if (isUndefined(expression.whenFalse)) return textOf(expression.whenTrue, depth + 1);
    if (isUndefined(expression.whenTrue)) return textOf(expression.whenFalse, depth + 1);
  }
  return undefined;
}

/** Strings with no space and fewer than 3 letters ('/', '+55', 'q=') are not messages. */
function isMessage(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && (/\s/.test(text) || letters >= 3);
}

type TFound = { text: TText; where: string };
/** The functions that name a message by its code. */
const CODED = new Set(['coded', 'codedIssue', 'codedMessage', 'english']);

function collect(): { found: TFound[]; codes: string[] } {
  const found: TFound[] = [];
  const codes: string[] = [];
  for (const file of files) {
    const add = (node: ts.Expression) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push({
        text: textOf(node),
        where: `${file.fileName}:${line + 1} ${node.getText().slice(0, 80)}`,
      });
    };
    const visit = (node: ts.Node) => {
      // (a) exported *_MESSAGE / *_MESSAGES consts
      if (
        ts.isVariableStatement(node) &&
        node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      ) {
        for (const declaration of node.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
          const name = declaration.name.text;
          const value = unwrap(declaration.initializer);
          const isRecord = ts.isObjectLiteralExpression(value);
          if (name.endsWith('_MESSAGE') && !isRecord) add(value);
          // a record of messages (PERMISSION_DENIED_MESSAGE is one message per permission)
          if ((name.endsWith('_MESSAGE') || name.endsWith('_MESSAGES')) && isRecord) {
            for (const property of value.properties) {
              if (ts.isPropertyAssignment(property)) add(property.initializer);
            }
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && CODED.has(node.expression.text)) {
        const [code] = node.arguments;
        if (code && ts.isStringLiteral(code)) codes.push(code.text);
      }
      // (b) zod checks: a string argument, or an object argument's message/error
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        CHECKS.has(node.expression.name.text)
      ) {
        // .startsWith('0x', 'message'): the first string is the value checked, not a message
        const valueFirst = ['startsWith', 'endsWith', 'includes'].includes(node.expression.name.text);
        for (const argument of node.arguments.slice(valueFirst ? 1 : 0)) {
          const value = unwrap(argument);
          if (
            ts.isStringLiteral(value) ||
            ts.isNoSubstitutionTemplateLiteral(value) ||
            ts.isTemplateExpression(value)
          ) {
            add(value);
          }
        }
      }
      // (c) message:/error: properties anywhere (also the object arguments of (b))
      if (
        ts.isPropertyAssignment(node) &&
        CHECK_PROPERTIES.has(node.name.getText()) &&
        !ts.isObjectLiteralExpression(unwrap(node.initializer)) &&
        !isZodSchema(node.initializer)
      ) {
        add(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { found, codes };
}

/** `error: z.object(...)`, `message: z.string()`, `error: ZError`: a response shape, not a message. */
function isZodSchema(node: ts.Expression, depth = 0): boolean {
  const expression = unwrap(node);
  if (ts.isIdentifier(expression) && depth < 5) {
    const value = CONSTS.get(expression.text);
    return value !== undefined && isZodSchema(value, depth + 1);
  }
  return /^z\s*\./.test(expression.getText());
}

/** Whether en.json has a message under this code. */
function hasText(code: string): boolean {
  const [section, key] = code.split('.') as [string, string];
  const texts = (en as unknown as Record<string, Record<string, unknown>>)[section];
  return typeof texts?.[key] === 'string';
}

describe('the shared contracts’ messages in every language', () => {
  const { found, codes } = collect();

  it('finds the contract messages (the collector itself works)', () => {
    expect(codes).toContain('messages.emailInvalid');
    expect(codes).toContain('messages.invalidEvmAddress');
    expect(codes).toContain('messages.clabeLength');
    expect(found.map((entry) => entry.text)).not.toContain('/');
  });

  it('writes no message as English text: each one is named by its code', () => {
    const english = found
      .filter((entry) => typeof entry.text === 'string' && isMessage(entry.text))
      .map((entry) => entry.where);
    if (english.length) console.error(`Contract messages written as English:\n${english.join('\n')}`);
    expect(english).toEqual([]);
  });

  it('names only codes en.json has a message for (and so every locale: check-i18n)', () => {
    expect([...new Set(codes)].filter((code) => !hasText(code))).toEqual([]);
  });
});
