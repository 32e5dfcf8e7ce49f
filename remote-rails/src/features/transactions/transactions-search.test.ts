import { describe, expect, it } from 'vitest';
import { readTransactionsSearch, transactionsRangeError } from './transactions-search';

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

  it('keeps a range that ends before it starts as it was typed (the page says so at its To date)', () => {
    expect(readTransactionsSearch(new URLSearchParams('from=2026-11-28&to=2026-11-01'))).toEqual({
      page: 1,
      size: 10,
      from: '2026-11-28',
      to: '2026-11-01',
    });
  });
});

describe("the transactions' date range", () => {
  it("is refused with the contract's words when it ends before it starts, and fine otherwise", () => {
    expect(transactionsRangeError({ from: '2026-11-28', to: '2026-11-01' })).toBe(
      'The end date is before the start date',
    );
    expect(transactionsRangeError({ from: '2026-11-28', to: '2026-11-28' })).toBeUndefined();
    expect(transactionsRangeError({ from: '2026-11-01', to: '2026-11-28', type: 'on_ramp' })).toBeUndefined();
    expect(transactionsRangeError({ from: '2026-11-28' })).toBeUndefined();
    expect(transactionsRangeError({ to: '2026-11-01' })).toBeUndefined();
    expect(transactionsRangeError({})).toBeUndefined();
  });
});
