import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes yyyy/MM/dd with leading zeros', () => {
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('2026/01/05');
    expect(formatDate(new Date(2026, 10, 21, 12).toISOString())).toBe('2026/11/21');
  });
});
