/**
 * A CSV field: quoted when it holds a separator, a quote or a line break; formulas defused (a
 * leading ' before = + - @ tab or CR). Only a plain negative number keeps its '-': '-2+3+cmd|…'
 * starts with a digit too, and a spreadsheet runs it.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF, as RFC 4180 has it). */
export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
