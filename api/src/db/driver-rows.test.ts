import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromTimestamptz } from './driver-rows';

describe('isoFromTimestamptz', () => {
  it("gives what new Date(text).toISOString() gives, for PostgreSQL's text of any timestamptz", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('+00', '+05:30', '-03', '+00'),
        (date, micros, digits, zone) => {
          // PostgreSQL prints the fraction without trailing zeros (and none for whole seconds).
          const [day, time] = date.toISOString().slice(0, 19).split('T');
          const fraction =
            `${String(date.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`
              .slice(0, digits)
              .replace(/0+$/, '');
          const text = `${day} ${time}${fraction ? `.${fraction}` : ''}${zone}`;
          expect(isoFromTimestamptz(text)).toBe(new Date(text).toISOString());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a timestamp from the database as drizzle would', async () => {
    expect(isoFromTimestamptz('2026-11-26 17:26:39.859123+00')).toBe('2026-11-26T17:26:39.859Z');
    expect(isoFromTimestamptz('2026-11-26 17:26:39.8+00')).toBe('2026-11-26T17:26:39.800Z');
    expect(isoFromTimestamptz('2026-11-26 17:26:39+00')).toBe('2026-11-26T17:26:39.000Z');
    expect(isoFromTimestamptz('2026-11-26 14:26:39.5-03')).toBe('2026-11-26T17:26:39.500Z');
  });
});
