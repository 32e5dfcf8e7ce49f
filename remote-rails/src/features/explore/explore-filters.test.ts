import { NETWORKS } from '@dash/shared/api';
import { describe, expect, it } from 'vitest';
import { EXPLORE_NETWORK_OPTIONS, readExploreFilters } from './explore-filters';

describe('the /explore filters', () => {
  it('reads a known currency and network and ignores anything else', () => {
    expect(readExploreFilters(new URLSearchParams('currency=BRL&network=polygon-amoy'))).toEqual({
      currency: 'BRL',
      network: 'polygon-amoy',
    });
    expect(readExploreFilters(new URLSearchParams('currency=EUR&network=moon'))).toEqual({});
    expect(readExploreFilters(new URLSearchParams(''))).toEqual({});
  });

  it('offers every network by its display name, with its id as the value the URL keeps', () => {
    expect(EXPLORE_NETWORK_OPTIONS).toHaveLength(NETWORKS.length);
    expect(EXPLORE_NETWORK_OPTIONS).toContainEqual({ value: 'polygon-amoy', label: 'Polygon Amoy' });
    expect(EXPLORE_NETWORK_OPTIONS).toContainEqual({ value: 'arbitrum-one', label: 'Arbitrum One' });
    for (const option of EXPLORE_NETWORK_OPTIONS) {
      expect(readExploreFilters(new URLSearchParams({ network: option.value })).network).toBe(option.value);
      expect(option.label).not.toBe(option.value);
    }
  });
});
