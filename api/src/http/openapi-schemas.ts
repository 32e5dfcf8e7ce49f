import * as contracts from '@dash/shared/contracts';
import { z } from 'zod';

/** The API reference's named schemas (components.schemas), from shared's contracts (http/openapi.ts). */

export type Io = 'input' | 'output';
export type JsonSchema = Record<string, unknown>;

export const SCHEMAS = '#/components/schemas/';
const INPUT_SUFFIX = 'Input';

/**
 * Every contract shared exports (`ZCreateOrganizationRequest`) is a named component
 * (`CreateOrganizationRequest`), so a shape used twice is written once and referenced. A schema
 * whose request form differs from its answer form (defaults, unknown keys) gets a second
 * component for requests, `…Input`, unless only requests use it.
 */
const named = z.registry<{ id: string }>();
for (const [name, value] of Object.entries(contracts)) {
  if (/^Z[A-Z]/.test(name) && value instanceof z.ZodType && !named.has(value)) {
    named.add(value, { id: name.slice(1) });
  }
}

const refTo = (id: string, io: Io) => `${SCHEMAS}${id}${io === 'input' ? INPUT_SUFFIX : ''}`;
const CONVERSION = { target: 'draft-2020-12', unrepresentable: 'any' } as const;

/** Every $ref in a JSON value, rewritten by `rename` (in place). */
function visitRefs(value: unknown, rename: (ref: string) => string): void {
  if (Array.isArray(value)) {
    for (const item of value) visitRefs(item, rename);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(object)) {
    if (key === '$ref' && typeof item === 'string') object.$ref = rename(item);
    else visitRefs(item, rename);
  }
}

function componentsFor(io: Io): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(named, { ...CONVERSION, io, uri: (id) => refTo(id, io) }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** A contract as a schema object: a $ref when it is named, else inline with $refs to the named ones. */
export function schemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const id = named.get(schema)?.id;
  if (id !== undefined) return { $ref: refTo(id, io) };
  const json = z.toJSONSchema(schema, { ...CONVERSION, io, metadata: named }) as JsonSchema;
  delete json.$schema;
  delete json.$defs;
  visitRefs(json, (ref) => (ref.startsWith('#/$defs/') ? refTo(ref.slice('#/$defs/'.length), io) : ref));
  return json;
}

/** An object contract's properties (for parameters), with $refs to the named components. */
export function propertiesOf(
  schema: z.ZodType,
  components: Components,
): { properties: Record<string, unknown>; required: Set<string> } {
  const id = named.get(schema)?.id;
  const json = id !== undefined ? components.input[id] : schemaOf(schema, 'input');
  return {
    properties: (json?.properties ?? {}) as Record<string, unknown>,
    required: new Set((json?.required as string[] | undefined) ?? []),
  };
}

export type Components = Record<Io, Record<string, JsonSchema>>;

/** Every named contract as a schema, in its answer form and its request form. */
export function schemaComponents(): Components {
  return { input: componentsFor('input'), output: componentsFor('output') };
}

/**
 * Keeps the named schemas the document reaches (from its paths and responses, then through each
 * other), and names a request form after its contract when no answer uses the contract, or when
 * both forms are the same leaf.
 */
export function reachableSchemas(document: JsonSchema, components: Components): Record<string, JsonSchema> {
  const candidates: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(components.output)) candidates[id] = schema;
  for (const [id, schema] of Object.entries(components.input)) candidates[`${id}${INPUT_SUFFIX}`] = schema;
  const reach = (roots: unknown) => {
    const used = new Set<string>();
    const queue: unknown[] = [roots];
    while (queue.length > 0) {
      visitRefs(queue.pop(), (ref) => {
        const name = ref.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : undefined;
        if (name !== undefined && !used.has(name) && candidates[name]) {
          used.add(name);
          queue.push(candidates[name]);
        }
        return ref;
      });
    }
    return used;
  };
  const used = reach(document);
  const renames = new Map<string, string>();
  for (const name of used) {
    if (!name.endsWith(INPUT_SUFFIX)) continue;
    const id = name.slice(0, -INPUT_SUFFIX.length);
    const input = JSON.stringify(components.input[id]);
    const sameLeaf = !input.includes('"$ref"') && input === JSON.stringify(components.output[id]);
    if (!used.has(id) || sameLeaf) renames.set(`${SCHEMAS}${name}`, `${SCHEMAS}${id}`);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...used].sort()) {
    const target = renames.get(`${SCHEMAS}${name}`)?.slice(SCHEMAS.length) ?? name;
    schemas[target] ??= structuredClone(candidates[name] as JsonSchema);
  }
  const rename = (ref: string) => renames.get(ref) ?? ref;
  visitRefs(document, rename);
  visitRefs(schemas, rename);
  return schemas;
}
