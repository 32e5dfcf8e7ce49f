import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from '@dash/shared/zod';
import { describe, expect, it, vi } from 'vitest';
import { ZodObject, ZodType } from 'zod';
import { deferred, standIn } from './deferred';
import { ZOrganization } from './organization';

describe('a deferred contract', () => {
  it('is built on its first use, once, and not on import', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(1) }));
    const ZThing = standIn(build);
    expect(build).not.toHaveBeenCalled();

    expect(ZThing.parse({ name: 'a', extra: 1 })).toEqual({ name: 'a' });
    expect(ZThing.safeParse({ name: '' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('behaves as the schema it stands for: methods, properties, instanceof, parents', () => {
    const ZName = standIn(() => z.string().trim().min(1));
    const ZThing = standIn(() => z.object({ name: ZName, note: ZName.optional() }));

    expect(ZThing).toBeInstanceOf(ZodObject);
    expect(ZName).toBeInstanceOf(ZodType);
    expect(Object.keys(ZThing.shape)).toEqual(['name', 'note']);
    expect(ZThing.shape.name).toBe(ZName);
    expect(ZThing.extend({ size: z.number() }).parse({ name: ' a ', size: 1 })).toEqual({
      name: 'a',
      size: 1,
    });
    expect(ZThing.pick({ name: true }).safeParse({}).error?.issues[0]?.path).toEqual(['name']);
    expect(z.array(ZThing).parse([{ name: 'b', note: ' c ' }])).toEqual([{ name: 'b', note: 'c' }]);
    expect(ZName.isOptional()).toBe(false);
    expect(ZThing['~standard'].validate({ name: 'x' })).toEqual({ value: { name: 'x' } });
  });

  it('is a stand-in in a browser (here, jsdom), as the contracts are', () => {
    expect('document' in globalThis).toBe(true);
    const build = vi.fn(() => z.string());
    const ZLater = deferred(build);
    expect(build).not.toHaveBeenCalled();
    expect(ZLater.parse('x')).toBe('x');
    expect(ZOrganization.safeParse({}).success).toBe(false);
  });
});

describe('the contracts', () => {
  it('build every schema they declare through deferred: no schema is built on import in a browser', () => {
    const folder = dirname(fileURLToPath(import.meta.url));
    const built: string[] = [];
    for (const file of readdirSync(folder).filter(
      (name) => /^[\w-]+\.ts$/.test(name) && !name.endsWith('.test.ts'),
    )) {
      const lines = readFileSync(join(folder, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        // A schema's declaration: `Z`, a capital, a lowercase letter (not `ZERO_ADDRESS`). Not one:
        // a function that makes schemas, an alias of another contract, an object of schemas to
        // spread (its parts are deferred).
        const declared = /^(?:export )?const (Z[A-Z]\w*[a-z]\w*)(?:\s*:[^=]+)? = (.*)$/.exec(line);
        if (!declared) return;
        const [, name, rest] = declared as unknown as [string, string, string];
        if (/^deferred\(|^\(|^Z[A-Z]\w*;$|^\{$/.test(rest)) return;
        built.push(`${file}:${index + 1} ${name}`);
      });
    }
    expect(built).toEqual([]);
  });
});
