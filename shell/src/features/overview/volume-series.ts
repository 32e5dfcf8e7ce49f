import { type TOverview, TRANSFER_TYPES, type TTransferType } from '@dash/shared/api';

export interface VolumeTotal {
  type: TTransferType;
  currency: string;
  /** Summed by the API per day; the total of the days is added with decimal strings, never floats. */
  amount: string;
  count: number;
}

/** Adds two non-negative decimal strings digit by digit (the figures a table shows must be exact). */
export function addDecimal(a: string, b: string): string {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const scale = Math.max(aFraction.length, bFraction.length);
  const sum = BigInt(aWhole + aFraction.padEnd(scale, '0')) + BigInt(bWhole + bFraction.padEnd(scale, '0'));
  const digits = sum.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -scale)}.${fraction}` : digits.slice(0, -scale);
}

export function fiatCurrencies(volume: TOverview['volume']): string[] {
  return [...new Set(volume.points.map((point) => point.currency))].sort();
}

/** Totals of the window per direction and currency, in the order of TRANSFER_TYPES. */
export function volumeTotals(volume: TOverview['volume']): VolumeTotal[] {
  const totals: VolumeTotal[] = [];
  for (const currency of fiatCurrencies(volume)) {
    for (const type of TRANSFER_TYPES) {
      const points = volume.points.filter((point) => point.currency === currency && point.type === type);
      if (points.length === 0) continue;
      totals.push({
        type,
        currency,
        amount: points.reduce((sum, point) => addDecimal(sum, point.amount), '0'),
        count: points.reduce((sum, point) => sum + point.count, 0),
      });
    }
  }
  return totals;
}

/** Every UTC day of the window as yyyy-mm-dd, first to last. */
export function volumeDays(volume: TOverview['volume']): string[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${volume.from}T00:00:00Z`);
    at <= Date.parse(`${volume.to}T00:00:00Z`);
    at += 86_400_000
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * One currency's chart data: x in Unix seconds per day, then one series per direction with a value
 * per day (0 where nothing moved). Numbers only for drawing: the table gives the exact figures.
 */
export function chartData(volume: TOverview['volume'], currency: string) {
  const days = volumeDays(volume);
  const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const series = TRANSFER_TYPES.map((type) => ({
    type,
    values: days.map((day) => {
      const point = volume.points.find((p) => p.day === day && p.type === type && p.currency === currency);
      return point ? Number(point.amount) : 0;
    }),
  })).filter((serie) => serie.values.some((value) => value !== 0));
  return { x, series };
}
