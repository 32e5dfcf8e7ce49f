import { describe, expect, it } from 'vitest';
import { typicalSize } from './virtual-measure';

describe('typicalSize', () => {
  it('estimates the initial height until a row is measured, then the most common measured height', () => {
    const heights = typicalSize(52);
    expect(heights.estimate()).toBe(52);
    heights.record(62);
    expect(heights.estimate()).toBe(62);
    for (const height of [41, 41, 62, 41]) heights.record(height);
    // 41 three times, 62 twice: the most common, not the mean (49.4, which no row has).
    expect(heights.estimate()).toBe(41);
  });

  it('follows the recent rows: after a change of width, their new height once it is the most common', () => {
    const heights = typicalSize(52, 10);
    for (let row = 0; row < 100; row += 1) heights.record(41);
    expect(heights.estimate()).toBe(41);
    // The rows now wrap to 62 px: within the last 10, 62 is the most common after 6 of them, however
    // many rows were 41 px before.
    for (let row = 0; row < 5; row += 1) heights.record(62);
    expect(heights.estimate()).toBe(41);
    heights.record(62);
    expect(heights.estimate()).toBe(62);
  });
});
