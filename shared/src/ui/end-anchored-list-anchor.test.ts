import type { VirtualItem } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { rowAtTop } from './EndAnchoredList';

/** Rows newest first (index 0 at the bottom), each `size` high, after 8 px of padding. */
function rowsOf(sizes: number[]): VirtualItem[] {
  let start = 8;
  return sizes.map((size, index) => {
    const row = { index, key: `m${index}`, start, size, end: start + size, lane: 0 };
    start += size;
    return row;
  });
}

describe('rowAtTop (the row at the top of an end-anchored view)', () => {
  // Ends 58, 158, 308; the content is 316 high (8 px of padding at each end).
  const rows = rowsOf([50, 100, 150]);
  const total = 316;

  it('finds the row whose box holds the scroll position, in content laid out from the bottom', () => {
    // Row 2 (the oldest) spans 8..158 from the top, row 1 158..258, row 0 258..308.
    expect(rowAtTop(rows, total, 8)?.key).toBe('m2');
    expect(rowAtTop(rows, total, 157)?.key).toBe('m2');
    expect(rowAtTop(rows, total, 158)?.key).toBe('m1');
    expect(rowAtTop(rows, total, 200)?.key).toBe('m1');
    expect(rowAtTop(rows, total, 258)?.key).toBe('m0');
  });

  it('takes the oldest row in the padding above it, and nothing in an empty list', () => {
    expect(rowAtTop(rows, total, 0)?.key).toBe('m2');
    expect(rowAtTop([], total, 0)).toBeUndefined();
  });
});
