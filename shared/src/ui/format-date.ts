const pad = (value: number) => String(value).padStart(2, '0');

/** A date as yyyy/MM/dd in the reader's time zone (spec section 9). */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}
