import { describe, expect, it } from 'vitest';
import {
  isValidCnpj,
  isValidRfc,
  KYB_MESSAGES,
  missingDocuments,
  ownershipWithinTotal,
  requiredDocuments,
  ZKybApplicationData,
  ZKybDraft,
} from './kyb';

const OWNER = '0b6f1a52-3c1e-4d0a-9d7e-1f2a3b4c5d6e';
const OTHER = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('RFC', () => {
  it.each([
    ['ECO010203AB1', true],
    ['ÑAB991231Z9A', true],
    ['A&B010203AB1', true],
    ['LOPA800101XY9', true],
    ['eco-010203-ab1', true],
    ['ECO011303AB1', false],
    ['ECO010232AB1', false],
    ['EC0010203AB1', false],
    ['ECO010203AB', false],
    ['ECO010203AB12', false],
  ])('%s is valid: %s', (rfc, valid) => {
    expect(isValidRfc(rfc)).toBe(valid);
  });
});

describe('CNPJ (brazilian-utils)', () => {
  it('accepts a valid CNPJ with or without its mask and refuses a bad check digit', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});

describe('ownership', () => {
  it('adds percentages exactly: 100 is fine, a hair more is not', () => {
    expect(ownershipWithinTotal(['33.3333', '33.3333', '33.3334'])).toBe(true);
    expect(ownershipWithinTotal(['60', '40'])).toBe(true);
    expect(ownershipWithinTotal(['60', '40.0001'])).toBe(false);
    expect(ownershipWithinTotal(['0.1', '0.2', '99.7'])).toBe(true);
  });

  it('says so under the owners list, and each bad share under its own field', () => {
    const result = ZKybDraft.safeParse({
      beneficialOwners: [
        { id: OWNER, ownershipPercent: '80' },
        { id: OTHER, ownershipPercent: '30' },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['beneficialOwners', KYB_MESSAGES.ownershipTotal],
    ]);
    const zero = ZKybDraft.safeParse({ beneficialOwners: [{ id: OWNER, ownershipPercent: '0' }] });
    expect(zero.error?.issues[0]).toMatchObject({
      path: ['beneficialOwners', 0, 'ownershipPercent'],
      message: KYB_MESSAGES.ownershipInvalid,
    });
  });
});

describe('draft and submission', () => {
  it('lets a draft leave fields blank but checks the tax id against the country', () => {
    expect(ZKybDraft.safeParse({ legalName: '', taxId: '' }).success).toBe(true);
    const badRfc = ZKybDraft.safeParse({ countryOfIncorporation: 'mx', taxId: 'XYZ' });
    expect(badRfc.error?.issues).toEqual([
      expect.objectContaining({ path: ['taxId'], message: KYB_MESSAGES.rfcInvalid }),
    ]);
    const badCnpj = ZKybDraft.safeParse({ countryOfIncorporation: 'BR', taxId: '11.222.333/0001-82' });
    expect(badCnpj.error?.issues[0]?.message).toBe(KYB_MESSAGES.cnpjInvalid);
    expect(ZKybDraft.safeParse({ countryOfIncorporation: 'US', taxId: '12-3456789' }).success).toBe(true);
  });

  it('needs every required field to submit', () => {
    const result = ZKybApplicationData.safeParse({ legalName: 'Ejemplo' });
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['countryOfIncorporation', 'taxId', 'incorporationDate', 'beneficialOwners']),
    );
  });

  it('keeps the monthly volume a decimal string', () => {
    const volume = ZKybDraft.safeParse({ expectedMonthlyVolume: { amount: '1e6', currency: 'MXN' } });
    expect(volume.error?.issues[0]?.message).toBe(KYB_MESSAGES.amountInvalid);
  });
});

describe('required documents', () => {
  it('asks for the company documents and an id of every owner with 25% or more', () => {
    const required = requiredDocuments({
      countryOfIncorporation: 'MX',
      beneficialOwners: [
        { id: OWNER, name: 'Ana', ownershipPercent: '25' },
        { id: OTHER, name: 'Bruno', ownershipPercent: '24.9999' },
      ],
    });
    expect(required.map((need) => [need.kind, need.ownerId])).toEqual([
      ['articles_of_incorporation', undefined],
      ['proof_of_address', undefined],
      ['tax_certificate', undefined],
      ['owner_id', OWNER],
    ]);
    expect(
      missingDocuments(required, [
        { kind: 'articles_of_incorporation', ownerId: null },
        { kind: 'owner_id', ownerId: OTHER },
      ]).map((need) => need.kind),
    ).toEqual(['proof_of_address', 'tax_certificate', 'owner_id']);
  });
});
