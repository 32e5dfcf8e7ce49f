// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatUtcDateTime } from './format';

describe('timestamps in the server’s render of a page', () => {
  it('leave the reader’s local time out (the server does not know their zone), keeping the line', () => {
    expect(formatDateTime('2026-11-20T13:05:00.000Z')).toBe('\u00a0');
    // The exact UTC time does not depend on the reader.
    expect(formatUtcDateTime('2026-11-20T13:05:00.000Z')).toBe('2026/11/20 13:05:00 UTC');
  });
});
