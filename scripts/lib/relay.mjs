/** Writes a child's output line by line, each line prefixed with `tag` (when given). */
export function relay(stream, target, tag) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`${tag}${line}\n`);
  });
  stream.on('end', () => {
    if (rest) target.write(`${tag}${rest}\n`);
  });
}
