/**
 * Stops child processes started `detached` (each the leader of its own process group): SIGTERM to
 * each group, then waits for every child to exit; a group with a child still running after `graceMs`
 * gets SIGKILL. A child that hangs in its shutdown (or is stopped) then cannot outlive the launcher
 * and keep running, against a data directory that is removed, beside the next start.
 */
export async function stopGroups(children, { graceMs = 10_000 } = {}) {
  const running = (child) => child.exitCode === null && child.signalCode === null;
  const signal = (child, name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const exits = children.map((child) =>
    running(child) ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
  );
  for (const child of children) if (running(child)) signal(child, 'SIGTERM');
  let timer;
  const graceOver = new Promise((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([Promise.all(exits), graceOver]);
  clearTimeout(timer);
  const left = children.filter(running);
  for (const child of left) signal(child, 'SIGKILL');
  await Promise.all(exits);
  return left.length;
}
