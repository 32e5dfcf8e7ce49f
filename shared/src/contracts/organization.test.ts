import {
  ORGANIZATION_NAME_CONTROL_CHARACTERS,
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

  it.each([
    ['a CR LF header injection', 'Evil\r\nBcc: x@evil.com'],
    ['a line feed', 'Acme\nTreasury'],
    ['a tab', 'Acme\tTreasury'],
    ['a NUL', 'Acme\u0000'],
    ['an escape', '\u001b[31mAcme'],
    ['a DEL', 'Ac\u007fme'],
    ['a C1 next-line', 'Acme\u0085Treasury'],
    ['a C1 control at the end of the range', 'Acme\u009f'],
    ['a line separator', 'Acme\u2028Treasury'],
    ['a paragraph separator', 'Acme\u2029Treasury'],
  ])('refuses a name with %s, with a message naming the rule', (_, name) => {
    expect(messagesFor({ name, slug: 'acme' })).toEqual([ORGANIZATION_NAME_CONTROL_CHARACTERS]);
  });

  it('keeps accents, symbols and inner spaces, and trims the ends (a trailing line break included)', () => {
    expect(messagesFor({ name: 'Ñandú & Cía. — Pagos', slug: 'nandu' })).toEqual([]);
    expect(ZCreateOrganizationRequest.parse({ name: '  Acme Treasury\n', slug: 'acme' }).name).toBe(
      'Acme Treasury',
    );
  });

  it('applies the same rule to a rename', () => {
    const rename = ZUpdateOrganizationRequest.safeParse({ name: 'Evil\r\nBcc: x@evil.com' });
    expect(rename.success ? [] : rename.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['name'], ORGANIZATION_NAME_CONTROL_CHARACTERS],
    ]);
  });

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
