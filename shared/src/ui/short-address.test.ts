import { describe, expect, it } from 'vitest';
import { shortAddress } from './short-address';

describe('shortAddress', () => {
  it('keeps the start and the end of a long address, and a short one whole', () => {
    expect(shortAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290…9EE7');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
