import { describe, expect, it } from 'vitest';
import { readTransactionsPaging } from './rails';

describe('transactions paging from the URL', () => {
  it('defaults to the first page of 10', () => {
    expect(readTransactionsPaging(new URLSearchParams())).toEqual({ page: 1, size: 10 });
  });

  it('keeps a valid page and size', () => {
    expect(readTransactionsPaging(new URLSearchParams('page=3&size=100'))).toEqual({ page: 3, size: 100 });
  });

  it('falls back to the defaults for values out of range or not numbers', () => {
    expect(readTransactionsPaging(new URLSearchParams('page=0&size=101'))).toEqual({ page: 1, size: 10 });
    expect(readTransactionsPaging(new URLSearchParams('page=abc&size=-5'))).toEqual({ page: 1, size: 10 });
  });
});
