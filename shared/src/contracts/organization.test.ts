import {
  ORGANIZATION_NAME_TOO_LONG,
  ORGANIZATION_SLUG_FORMAT,
  ORGANIZATION_SLUG_TOO_LONG,
  suggestSlug,
  ZCreateOrganizationRequest,
  ZUpdateOrganizationRequest,
} from '@dash/shared/contracts-core';
import { describe, expect, it } from 'vitest';

const messagesFor = (input: unknown) => {
  const result = ZCreateOrganizationRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('organization name and slug rules', () => {
  it('accepts a name of 1 to 32 characters and a well-formed slug', () => {
    expect(messagesFor({ name: 'A', slug: 'a' })).toEqual([]);
    expect(messagesFor({ name: 'x'.repeat(32), slug: `a-${'b'.repeat(44)}-c` })).toEqual([]);
  });

  it('refuses a name over 32 characters with the spec message', () => {
    expect(messagesFor({ name: 'x'.repeat(33), slug: 'acme' })).toEqual([ORGANIZATION_NAME_TOO_LONG]);
  });

  it('refuses a slug over 48 characters with the spec message', () => {
    expect(messagesFor({ name: 'Acme', slug: 'a'.repeat(49) })).toEqual([ORGANIZATION_SLUG_TOO_LONG]);
  });

  it.each(['-acme', 'acme-', 'Acme', 'acme_treasury', 'acme treasury', 'açme', ''])(
    'refuses the slug "%s" with the spec message',
    (slug) => {
      expect(messagesFor({ name: 'Acme', slug })).toContain(ORGANIZATION_SLUG_FORMAT);
    },
  );

  it('needs something to update', () => {
    expect(ZUpdateOrganizationRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateOrganizationRequest.safeParse({ name: 'Renamed' }).success).toBe(true);
  });
});

describe('the slug a name suggests', () => {
  it('lowercases, strips accents and joins words with single hyphens', () => {
    expect(suggestSlug('Río Payments  S.A.')).toBe('rio-payments-s-a');
    expect(suggestSlug('  --Acme Treasury!! ')).toBe('acme-treasury');
  });

  it('always suggests a valid slug', () => {
    for (const name of ['Ñandú & Cía', 'x'.repeat(80), '***', 'Über Bank 2026']) {
      const slug = suggestSlug(name);
      if (slug !== '') expect(ZCreateOrganizationRequest.safeParse({ name: 'n', slug }).success).toBe(true);
    }
  });
});
