import { describe, expect, it } from 'vitest';
import { readExploreFilters } from './explore-filters';

describe('the /explore filters', () => {
  it('reads a known currency and network and ignores anything else', () => {
    expect(readExploreFilters(new URLSearchParams('currency=BRL&network=polygon-amoy'))).toEqual({
      currency: 'BRL',
      network: 'polygon-amoy',
    });
    expect(readExploreFilters(new URLSearchParams('currency=EUR&network=moon'))).toEqual({});
    expect(readExploreFilters(new URLSearchParams(''))).toEqual({});
  });
});
