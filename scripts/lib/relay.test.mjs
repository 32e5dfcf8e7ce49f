import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { failureSection, relay } from './relay.mjs';

const ESC = String.fromCharCode(27);

describe('relay', () => {
  it('prefixes every line, the last one without a newline too, and hands each to onLine', async () => {
    const source = new PassThrough();
    const target = new PassThrough();
    let written = '';
    target.on('data', (chunk) => {
      written += chunk;
    });
    const seen = [];
    relay(source, target, '[x] ', (line) => seen.push(line));
    source.write('one\ntw');
    source.end('o\nthree');
    await new Promise((resolve) => source.on('end', resolve));
    expect(written).toBe('[x] one\n[x] two\n[x] three\n');
    expect(seen).toEqual(['one', 'two', 'three']);
  });
});

describe('failureSection', () => {
  it("keeps vitest's failed-test report without colours, up to its summary, within its limits", () => {
    const section = failureSection({ maxLines: 3, maxLineLength: 10 });
    for (const line of [
      ' ✓ api/a.test.ts (2 tests)',
      `${ESC}[31m⎯⎯⎯ Failed Tests 1 ⎯⎯⎯${ESC}[39m`,
      ' FAIL  api/b.test.ts > keeps every invariant',
      'AssertionError: GET /x → 500',
      'one line too many',
      ' Test Files  1 failed | 84 passed (86)',
    ])
      section.onLine(line);
    expect(section.lines()).toEqual(['⎯⎯⎯ Failed', ' FAIL  api', 'AssertionE']);
  });

  it('keeps nothing from a run that passed', () => {
    const section = failureSection();
    for (const line of [' ✓ api/a.test.ts (2 tests)', ' Test Files  86 passed (86)']) section.onLine(line);
    expect(section.lines()).toEqual([]);
  });
});
