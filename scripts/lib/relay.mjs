/**
 * Writes a child's output line by line, each line prefixed with `tag` (when given), and hands each
 * line to `onLine` (when given) as well.
 */
export function relay(stream, target, tag, onLine) {
  let rest = '';
  const write = (line) => {
    target.write(`${tag}${line}\n`);
    onLine?.(line);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) write(line);
  });
  stream.on('end', () => {
    if (rest) write(rest);
  });
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Keeps what vitest says about its failed tests (from its "Failed Tests" heading to its summary), so
 * a run whose output is interleaved with another's can repeat it at the very end, where the tail of
 * a CI log shows it.
 */
export function failureSection({ maxLines = 60, maxLineLength = 400 } = {}) {
  const kept = [];
  let inside = false;
  return {
    onLine(raw) {
      const line = raw.replace(ANSI, '');
      if (/Failed Tests? \d+|Unhandled Errors?/.test(line)) inside = true;
      else if (/^\s*Test Files\s/.test(line)) inside = false;
      if (inside && kept.length < maxLines) kept.push(line.slice(0, maxLineLength));
    },
    lines: () => kept,
  };
}
