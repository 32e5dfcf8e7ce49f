import { type VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';

// shared/patches/@tanstack__virtual-core@3.13.15.patch: when the count or the keys change with
// nothing measured since (an older page appended to a 5,000-message conversation), the leading
// items whose keys did not move keep their measurements instead of all being measured out again.
// These hold the positions to what a full recomputation gives.

function virtualizerOf(keys: { current: string[] }, options: { paddingStart?: number } = {}) {
  const v = new Virtualizer<HTMLDivElement, Element>({
    count: keys.current.length,
    getScrollElement: () => null,
    estimateSize: () => 10,
    getItemKey: (index) => keys.current[index] ?? index,
    scrollToFn: () => {},
    observeElementRect: () => {},
    observeElementOffset: () => {},
    ...options,
  });
  // Items are measured once they exist: the first computation makes them.
  measurementsOf(v);
  return v;
}

type TVirtualizer = Virtualizer<HTMLDivElement, Element>;
/** The measurements the virtualizer computes (private in its types: what the patch changes). */
const measurementsOf = (v: TVirtualizer): VirtualItem[] =>
  (v as unknown as { getMeasurements(): VirtualItem[] }).getMeasurements();

const keysOf = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `k${from + i}`);
const starts = (v: TVirtualizer) => measurementsOf(v).map((item) => [item.key, item.start, item.size]);

describe('virtual-core patch: measurements kept when items are appended', () => {
  it('keeps the leading items (same objects) and places the appended ones after them', () => {
    const keys = { current: keysOf(0, 50) };
    const v = virtualizerOf(keys);
    v.resizeItem(3, 25);
    const before = measurementsOf(v);
    expect(before[4]?.start).toBe(3 * 10 + 25);

    keys.current = keysOf(0, 100);
    v.setOptions({ ...v.options, count: 100, getItemKey: (index) => keys.current[index] ?? index });
    const after = measurementsOf(v);
    expect(after).toHaveLength(100);
    expect(after[10]).toBe(before[10]);
    expect(after[50]?.start).toBe(49 * 10 + 25);
    expect(after[99]?.end).toBe(100 * 10 + 15);
  });

  it('recomputes from the first key that moved (an item inserted in front)', () => {
    const keys = { current: keysOf(1, 51) };
    const v = virtualizerOf(keys);
    v.resizeItem(0, 30);
    measurementsOf(v);

    keys.current = ['k0', ...keysOf(1, 51)];
    v.setOptions({ ...v.options, count: 51, getItemKey: (index) => keys.current[index] ?? index });
    // k1 (measured 30) is now second: it starts after k0's estimate, and what follows moves with it.
    expect(starts(v).slice(0, 3)).toEqual([
      ['k0', 0, 10],
      ['k1', 10, 30],
      ['k2', 40, 10],
    ]);
  });

  it('recomputes everything after measure() and when the padding changes', () => {
    const keys = { current: keysOf(0, 20) };
    const v = virtualizerOf(keys);
    v.resizeItem(0, 50);
    expect(measurementsOf(v)[1]?.start).toBe(50);

    v.measure();
    keys.current = keysOf(0, 30);
    v.setOptions({ ...v.options, count: 30, getItemKey: (index) => keys.current[index] ?? index });
    expect(measurementsOf(v)[1]?.start).toBe(10);

    v.setOptions({ ...v.options, paddingStart: 7 });
    expect(measurementsOf(v)[0]?.start).toBe(7);
    expect(measurementsOf(v)[29]?.start).toBe(7 + 29 * 10);
  });

  it('drops the items past a smaller count', () => {
    const keys = { current: keysOf(0, 40) };
    const v = virtualizerOf(keys);
    measurementsOf(v);
    keys.current = keysOf(0, 15);
    v.setOptions({ ...v.options, count: 15, getItemKey: (index) => keys.current[index] ?? index });
    expect(measurementsOf(v)).toHaveLength(15);
    expect(v.getTotalSize()).toBe(150);
  });
});
