import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the shared zod contracts, mixed with hostile values: wrong
 * types, huge strings, unicode edge cases, NUL bytes, prototype-pollution keys, deep nesting,
 * numbers as strings, path traversal and header injection. Used by the contract fuzz test.
 */

/** Values a caller should never be able to hurt us with, whatever field they land in. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'report.pdf\u0000.exe',
  '\uD800',
  'x\uDC00y',
  '\u202Egpj.exe',
  'ab\u200Bcd',
  '\uFEFFbom',
  '\u05D0\u05D1\u05D2 RTL',
  '𝕏🏳️‍🌈',
  'e\u0301',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%00',
  'x\r\nSet-Cookie: injected=1',
  "'; drop table users; --",
  '" or 1=1 --',
  '$(id)',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '0x10',
  'NaN',
  'Infinity',
  'true',
  'null',
  '__proto__',
  'constructor',
  'prototype',
];

/** A JSON object with an own `__proto__` key (what JSON.parse makes of the text), and friends. */
const PROTOTYPE_KEYS: readonly unknown[] = [
  JSON.parse('{"__proto__":{"isAdmin":true,"role":"Admin"}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  { prototype: { isAdmin: true } },
];

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

const HUGE = 'A'.repeat(200_000);

/** Any hostile value, of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, [], {}),
  },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constant(nested(3000)) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** min/max/format read from a schema's checks (zod 4 keeps them on each check's def). */
interface Limits {
  min?: number;
  max?: number;
  formats: string[];
  patterns: RegExp[];
  integer: boolean;
}

function limits(def: Def): Limits {
  const result: Limits = { formats: [], patterns: [], integer: false };
  if (def.pattern instanceof RegExp) result.patterns.push(def.pattern);
  if (typeof def.format === 'string') result.formats.push(def.format);
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; minimum?: number; maximum?: number; value?: number };
    if (c.check === 'min_length' && typeof c.minimum === 'number') result.min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') result.max = c.maximum;
    const exact = (c as unknown as { length?: unknown }).length;
    if (c.check === 'length_equals' && typeof exact === 'number') {
      result.min = exact;
      result.max = exact;
    }
    if (c.check === 'greater_than' && typeof c.value === 'number') result.min = c.value;
    if (c.check === 'less_than' && typeof c.value === 'number') result.max = c.value;
    if (c.check === 'string_format' || c.check === 'number_format') {
      const format = (c as { format?: string }).format;
      if (format) result.formats.push(format);
      const pattern = (c as { pattern?: unknown }).pattern;
      if (format === 'regex' && pattern instanceof RegExp) result.patterns.push(pattern);
    }
  }
  if (result.formats.some((format) => format.includes('int'))) result.integer = true;
  return result;
}

export interface Pools {
  /** Real uids of the scene (the caller's organization's objects, and some of another's). */
  uids: readonly string[];
  /** Other strings worth trying (names, slugs, currency codes seen in the scene). */
  strings: readonly string[];
}

function stringArbitrary(def: Def, pools: Pools): fc.Arbitrary<unknown> {
  const { min, max, formats, patterns } = limits(def);
  if (formats.includes('uuid') || formats.includes('guid')) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.uids) }, fc.uuid());
  }
  if (formats.includes('email')) return fc.emailAddress();
  if (formats.includes('datetime')) {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (formats.includes('url')) return fc.webUrl();
  const minLength = Math.min(min ?? 0, 200);
  const maxLength = Math.max(minLength, Math.min(max ?? 40, 200));
  const matching: fc.Arbitrary<unknown>[] = [];
  for (const pattern of patterns) {
    try {
      matching.push(fc.stringMatching(pattern));
    } catch {
      // A pattern fast-check cannot generate from: the other shapes still apply.
    }
  }
  return fc.oneof(
    ...matching.map((arbitrary) => ({ weight: 4, arbitrary })),
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...pools.strings, ...pools.uids) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,20}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...edgeStrings(min, max)) },
  );
}

/**
 * Values shaped by the schema: `clean` ones keep to its shape (often valid, so they reach the
 * services), the others carry hostile values at any depth.
 */
export function fromSchema(
  schema: z.ZodType,
  pools: Pools,
  options: { clean?: boolean } = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, pools, options, depth);
  if (options.clean) return shaped;
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

/** Either shape: a clean value half the time, a hostile one otherwise. */
export function anyFromSchema(schema: z.ZodType, pools: Pools): fc.Arbitrary<unknown> {
  return fc.oneof(fromSchema(schema, pools, { clean: true }), fromSchema(schema, pools));
}

/** Lengths and magnitudes at the contract's edges: the database's column must hold what the contract lets in. */
function edgeStrings(min: number | undefined, max: number | undefined): string[] {
  const edges: string[] = [];
  if (max !== undefined && max <= 100_000)
    edges.push('a'.repeat(max), 'é'.repeat(max), '😀'.repeat(Math.floor(max / 2)));
  if (max === undefined) edges.push('a'.repeat(5000), 'é'.repeat(5000));
  if (min !== undefined && min > 0) edges.push('a'.repeat(min));
  return edges;
}

function shapedBy(
  schema: z.ZodType,
  pools: Pools,
  options: { clean?: boolean },
  depth: number,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: unknown) => fromSchema(child as z.ZodType, pools, options, depth + 1);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, pools);
    case 'number': {
      const { min, max, integer } = limits(def);
      const range = { min: Math.max(min ?? -1000, -1e9), max: Math.min(max ?? 1_000_000, 1e9) };
      const inRange = integer
        ? fc.integer({ min: Math.ceil(range.min), max: Math.floor(range.max) })
        : fc.double({ ...range, noNaN: true });
      const edges = [min, max, 0, 2 ** 31, 2 ** 53 - 1, 1e21].filter(
        (value): value is number => value !== undefined,
      );
      const number = fc.oneof(
        { weight: 4, arbitrary: inRange },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      );
      // Numbers as strings and back: a query string carries "12" for a number.
      return fc.oneof(number, number.map(String));
    }
    case 'bigint':
      return fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0'));
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const requiredKeys = keys.filter(
        (key) => (shape[key] as unknown as { _zod: { optin?: string } })._zod.optin !== 'optional',
      );
      const record = fc.record(Object.fromEntries(keys.map((key) => [key, inner(shape[key])])), {
        requiredKeys,
      }) as fc.Arbitrary<Record<string, unknown>>;
      // Now and then an unknown or prototype-polluting key on top.
      return fc.oneof(
        { weight: 5, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 }))
            .map(([value, polluted, extraKey]) => {
              const merged = JSON.parse(JSON.stringify(value ?? {})) as Record<string, unknown>;
              Object.defineProperty(merged, '__proto__', {
                value: Object.getOwnPropertyDescriptor(polluted, '__proto__')?.value ?? polluted,
                enumerable: true,
                configurable: true,
                writable: true,
              });
              merged[extraKey === '' ? 'extra' : extraKey] = 'x';
              return merged;
            }),
        },
      );
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...((def.items as unknown[]) ?? []).map(inner));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', '../x')),
        inner(def.valueType),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return inner(def.left);
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null));
  }
}
