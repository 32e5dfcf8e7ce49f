// Database-independent: pure functions.
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';

describe('a CSV field', () => {
  it('defuses whatever a spreadsheet would run, keeping plain negative numbers', () => {
    for (const formula of ['=1+1', '+1', "-2+3+cmd|' /C calc'!A0", '-1e3', '@SUM(A1)', '\tx', '\rx', '-']) {
      expect(csvField(formula).replace(/^"|"$/g, ''), formula).toMatch(/^'/);
    }
    for (const number of ['-12', '-12.50', '0.5', '12']) expect(csvField(number)).toBe(number);
  });

  it('quotes separators, quotes and line breaks (RFC 4180), and writes null as empty', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', null, '=x'])).toBe("a,,'=x\r\n");
  });
});
