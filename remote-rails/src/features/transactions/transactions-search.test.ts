import { describe, expect, it } from 'vitest';
import { readTransactionsSearch } from './transactions-search';

describe('the transactions search params', () => {
  it('keeps valid filters and paging, and ignores invalid ones', () => {
    expect(
      readTransactionsSearch(
        new URLSearchParams('page=2&size=50&type=on_ramp&status=completed&currency=BRL&from=2026-01-01'),
      ),
    ).toEqual({
      page: 2,
      size: 50,
      type: 'on_ramp',
      status: 'completed',
      currency: 'BRL',
      from: '2026-01-01',
    });
    expect(
      readTransactionsSearch(new URLSearchParams('page=0&size=500&type=nope&currency=EUR&to=yesterday')),
    ).toEqual({
      page: 1,
      size: 10,
    });
  });
});
