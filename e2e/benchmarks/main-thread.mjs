// What a page's main thread did after its first contentful paint, from a Chrome trace (Lighthouse's):
// how long its long tasks took, and how much of that it was on the CPU. Lighthouse's mobile preset
// simulates a 4x slower CPU from the tasks' elapsed times; on a machine of 2 cores shared with the
// browser's other processes, V8's compile threads and Lighthouse itself, half or more of a task's
// elapsed time went to waiting off the CPU, and the simulated total blocking time grows with it.

/** Lighthouse's CPU slowdown on its mobile preset, and the length over which a task blocks. */
const SLOWDOWN = 4;
const BLOCKING_MS = 50;

/**
 * The page's main thread in `traceEvents`: the renderer main thread with the first contentful paint
 * (the last one, after any about:blank). Answers `{ tasks, elapsedMs, cpuMs, blockingFromCpuMs }`
 * for the top-level tasks after that paint that would block at 4x (over 12.5 ms elapsed):
 * `blockingFromCpuMs` is the total blocking time those tasks make if each took its CPU time, times
 * four, with nothing waiting; null when the trace has no paint or no thread CPU times.
 */
export function mainThreadAfterPaint(traceEvents) {
  const paints = traceEvents.filter((event) => event.name === 'firstContentfulPaint');
  const paint = paints.at(-1);
  if (!paint) return null;
  const onMain = (event) => event.pid === paint.pid && event.tid === paint.tid;
  const long = traceEvents.filter(
    (event) =>
      onMain(event) &&
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      event.ts >= paint.ts &&
      event.dur / 1000 > BLOCKING_MS / SLOWDOWN,
  );
  // A task run inside another (a nested loop) is part of the outer one's time.
  const tasks = long.filter(
    (task) =>
      !long.some(
        (outer) => outer !== task && outer.ts <= task.ts && task.ts + task.dur <= outer.ts + outer.dur,
      ),
  );
  if (tasks.some((task) => typeof task.tdur !== 'number')) return null;
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return {
    tasks: tasks.length,
    elapsedMs: sum(tasks.map((task) => task.dur / 1000)),
    cpuMs: sum(tasks.map((task) => task.tdur / 1000)),
    blockingFromCpuMs: sum(tasks.map((task) => Math.max(0, (SLOWDOWN * task.tdur) / 1000 - BLOCKING_MS))),
  };
}
