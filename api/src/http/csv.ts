/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF, as RFC 4180 has it). */
export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
