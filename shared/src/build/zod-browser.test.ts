import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZOD_JSON_SCHEMA_MODULES, ZOD_JSON_SCHEMA_STUB } from './zod-browser';
import * as stub from './zod-json-schema-stub.js';

/** The installed zod's file (resolved from shared/, as the apps' builds resolve it). */
function zodFile(file: string): string {
  const require = createRequire(path.join(__dirname, '../../package.json'));
  return path.join(path.dirname(require.resolve('zod/package.json')), 'v4/core', file);
}

describe("the browser builds' zod without JSON Schema", () => {
  it('replaces exactly the two JSON Schema modules, by their resolved paths', () => {
    expect(ZOD_JSON_SCHEMA_MODULES.test(zodFile('to-json-schema.js'))).toBe(true);
    expect(ZOD_JSON_SCHEMA_MODULES.test(zodFile('json-schema-processors.js'))).toBe(true);
    expect(ZOD_JSON_SCHEMA_MODULES.test(zodFile('json-schema-generator.js'))).toBe(false);
    expect(ZOD_JSON_SCHEMA_MODULES.test(zodFile('schemas.js'))).toBe(false);
    expect(ZOD_JSON_SCHEMA_STUB.endsWith('zod-json-schema-stub.js')).toBe(true);
  });

  it('stands in with every name the installed modules export, so no import of zod finds nothing', async () => {
    for (const file of ['to-json-schema.js', 'json-schema-processors.js']) {
      const real = await import(/* @vite-ignore */ zodFile(file));
      expect(Object.keys(real).filter((name) => !(name in stub))).toEqual([]);
    }
  });

  it('says what was left out when a JSON Schema function is called', () => {
    expect(() => stub.createToJSONSchemaMethod()()).toThrow(/toJSONSchema is left out of the browser build/);
    expect(() => stub.aggregateChecks()).toThrow(/left out of the browser build/);
  });
});
