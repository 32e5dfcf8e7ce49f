import { describe, expect, it } from 'vitest';
import { withSearch } from './with-search';

describe('withSearch', () => {
  it('adds the set values, encoded, in order', () => {
    expect(withSearch('rails/transactions', { page: 2, size: 100, q: 'a b&c' })).toBe(
      'rails/transactions?page=2&size=100&q=a+b%26c',
    );
  });

  it('leaves out undefined and empty values, and the "?" when none is left', () => {
    expect(withSearch('messages', { q: '', cursor: undefined })).toBe('messages');
    expect(withSearch('messages', { q: undefined, cursor: 'c1' })).toBe('messages?cursor=c1');
  });

  it('keeps a zero', () => {
    expect(withSearch('x', { page: 0 })).toBe('x?page=0');
  });
});
