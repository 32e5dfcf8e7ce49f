import { describe, expect, it } from 'vitest';
import { withSearch } from './with-search';

describe('withSearch', () => {
  it('adds the set values, encoded, in order', () => {
    expect(withSearch('rails/transactions', { page: 2, size: 100, q: 'a b&c' })).toBe(
      'rails/transactions?page=2&size=100&q=a+b%26c',
    );
  });

  it('leaves out undefined, null and empty values, and the "?" when none is left', () => {
    expect(withSearch('messages', { q: '', cursor: undefined })).toBe('messages');
    // A first page's cursor is null: never sent as "cursor=null".
    expect(withSearch('messages', { q: 'x', cursor: null })).toBe('messages?q=x');
    expect(withSearch('messages', { q: undefined, cursor: 'c1' })).toBe('messages?cursor=c1');
  });

  it('keeps a zero', () => {
    expect(withSearch('x', { page: 0 })).toBe('x?page=0');
  });
});
