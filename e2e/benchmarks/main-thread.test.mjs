import { describe, expect, it } from 'vitest';
import { mainThreadAfterPaint } from './main-thread.mjs';

const main = { pid: 1, tid: 11 };
const task = (ts, durMs, cpuMs, thread = main) => ({
  ...thread,
  ph: 'X',
  name: 'RunTask',
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('the main thread after the first contentful paint, from a trace', () => {
  it('sums the long tasks after the paint, elapsed and on the CPU, and what they block at 4x', () => {
    const events = [
      { ...main, ph: 'I', name: 'firstContentfulPaint', ts: 1_000_000 },
      task(500_000, 90, 90), // before the paint
      task(1_100_000, 100, 20), // 80 ms waiting: blocks 30 ms from its CPU time
      task(1_150_000, 40, 5), // inside the one above
      task(1_300_000, 30, 30), // blocks 70 ms
      task(1_400_000, 10, 10), // short: 40 ms at 4x
      task(1_500_000, 200, 200, { pid: 2, tid: 22 }), // another thread
    ];
    expect(mainThreadAfterPaint(events)).toEqual({
      tasks: 2,
      elapsedMs: 130,
      cpuMs: 50,
      blockingFromCpuMs: 100,
    });
  });

  it('answers nothing without a paint or without thread CPU times', () => {
    expect(mainThreadAfterPaint([task(0, 100, 100)])).toBeNull();
    const { tdur: _none, ...untimed } = task(1_100_000, 100, 20);
    expect(
      mainThreadAfterPaint([{ ...main, ph: 'I', name: 'firstContentfulPaint', ts: 1_000_000 }, untimed]),
    ).toBeNull();
  });
});
