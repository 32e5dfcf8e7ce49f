import { describe, expect, it } from 'vitest';
import { APPROVAL_THRESHOLD_POSITIVE_MESSAGE, ZPositiveAmount, ZRailsSettings } from './transfers';

/** The messages a typed amount gets, in order (what a form shows first comes first). */
const messagesOf = (value: string) => {
  const result = ZPositiveAmount.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a typed amount', () => {
  it('takes positive decimals up to 18 digits and 8 decimals', () => {
    for (const value of ['10', '10.50', '0.00000001', '123456789012345678.12345678']) {
      expect(ZPositiveAmount.parse(value)).toBe(value);
    }
  });

  it('answers a negative amount with "Amount must be positive" alone, not the format hint', () => {
    expect(messagesOf('-5')).toEqual(['Amount must be positive']);
    expect(messagesOf(' -10.50')).toEqual(['Amount must be positive']);
    expect(messagesOf('-abc')).toEqual(['Amount must be positive']);
  });

  it('answers zero as not positive and other text with the format hint', () => {
    expect(messagesOf('0')).toEqual(['Amount must be positive']);
    expect(messagesOf('0.000')).toEqual(['Amount must be positive']);
    expect(messagesOf('ten')).toEqual(['Enter an amount such as 10 or 10.50', 'Amount must be positive']);
    expect(messagesOf('1,5')).toEqual(['Enter an amount such as 10 or 10.50']);
    expect(messagesOf('1.123456789')).toEqual(['Enter an amount such as 10 or 10.50']);
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
