import { describe, expect, it } from 'vitest';
import { APPROVAL_THRESHOLD_POSITIVE_MESSAGE, readTransactionsPaging, ZRailsSettings } from './rails';

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

describe('the approval threshold', () => {
  const messageOf = (value: string | null) => {
    const result = ZRailsSettings.safeParse({ offRampApprovalThreshold: value });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('is a positive amount or null (approval off), with its own message for zero and a minus sign', () => {
    expect(messageOf('2500.50')).toBeUndefined();
    expect(messageOf(null)).toBeUndefined();
    expect(messageOf('0')).toBe(APPROVAL_THRESHOLD_POSITIVE_MESSAGE);
    expect(messageOf('-5')).toBe(APPROVAL_THRESHOLD_POSITIVE_MESSAGE);
    expect(messageOf('ten')).toBe('Enter an amount such as 10 or 10.50');
  });
});
