import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import {
  coded,
  codedIssue,
  deferred,
  englishOrNull,
  raisesCodes,
  type TMessageCode,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { base58 } from '@scure/base';
import { clabe } from 'clabe-validator';
import { getAddress } from 'viem/utils';
import {
  CLABE_CODES,
  CLABE_MESSAGES,
  PIX_KEY_CODES,
  PIX_KEY_TYPES,
  type TMexicanBank,
  type TMexicanCity,
  type TPixKeyType,
  ZCounterpartyName,
  ZCounterpartyRemark,
  ZERO_ADDRESS,
  ZRegisteredWalletNetwork,
} from './counterparties';
import type { TNetworkId } from './network-ids';
import { findNetwork } from './networks';
import { isValidEthAddress } from './signing-devices';

/**
 * The counterparty rules that need third-party validators (clabe-validator and its bank and city
 * lists, @brazilian-utils, base58): the request contracts of registered wallets and bank
 * beneficiaries and the helpers the forms use. Served as its own entry,
 * `@dash/shared/counterparty-rules`, and not from the `@dash/shared` singleton, so the ~14 KB
 * (gzipped) of validators and lists load with the rails pages that use them, not at every boot.
 * Messages, records and responses stay in ./counterparties (part of the contracts).
 */

// ---------------------------------------------------------------------------------------------
// Addresses

/** 0x + 40 hex; a mixed-case address must pass its EIP-55 checksum (viem). The zero address is refused. */
export function evmAddressProblemCode(value: string): TMessageCode | null {
  if (!isValidEthAddress(value)) return 'messages.invalidEvmAddress';
  if (value.toLowerCase() === ZERO_ADDRESS) return 'messages.zeroAddress';
  return null;
}
export const evmAddressProblem = (value: string) => englishOrNull(evmAddressProblemCode(value));

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isValidSolanaAddress(value: string): boolean {
  if (!BASE58.test(value)) return false;
  try {
    return base58.decode(value).length === 32;
  } catch {
    return false;
  }
}

/** What is wrong with an address on a network, or null. */
export function addressProblemCode(network: TNetworkId, address: string): TMessageCode | null {
  const type = findNetwork(network)?.type;
  if (type === 'solana') return isValidSolanaAddress(address) ? null : 'messages.invalidSolanaAddress';
  return evmAddressProblemCode(address);
}
export const addressProblem = (network: TNetworkId, address: string) =>
  englishOrNull(addressProblemCode(network, address));

/** The stored spelling: EVM addresses in their EIP-55 checksum form, Solana as given. */
export function normalizeAddress(network: TNetworkId, address: string): string {
  return findNetwork(network)?.type === 'evm' ? getAddress(address) : address;
}

export const ZCreateRegisteredWalletRequest = deferred(() =>
  z
    .strictObject({
      network: ZRegisteredWalletNetwork,
      address: z.string(coded('messages.invalidEvmAddress')).trim(),
      name: ZCounterpartyName,
      remark: ZCounterpartyRemark,
    })
    .superRefine((value, context) => {
      const problem = addressProblemCode(value.network, value.address);
      if (problem) context.addIssue({ code: 'custom', path: ['address'], ...codedIssue(problem) });
    })
    .transform((value) => ({ ...value, address: normalizeAddress(value.network, value.address) })),
);
raisesCodes(ZCreateRegisteredWalletRequest, [
  'messages.invalidSolanaAddress',
  'messages.invalidEvmAddress',
  'messages.zeroAddress',
]);
export type TCreateRegisteredWalletRequest = z.input<typeof ZCreateRegisteredWalletRequest>;

// ---------------------------------------------------------------------------------------------
// CLABE

export const CLABE_DIGITS = 18;

export interface ClabeResolution {
  /** Digits only (spaces removed). */
  clabe: string;
  /** The detailed spec message, or null when valid. */
  problem: string | null;
  /** The same message by its code. */
  problemCode: TMessageCode | null;
  bank: { code: string; tag: string; name: string } | null;
  /** The cities its city code stands for, as clabe-validator names them. */
  city: string | null;
}

const CLABE_ERROR_KEYS: Record<string, keyof typeof CLABE_MESSAGES> = {
  'invalid-length': 'length',
  'invalid-characters': 'characters',
  'invalid-checksum': 'checksum',
  'invalid-bank': 'bank',
  'invalid-city': 'city',
};

/**
 * clabe-validator lists entries that are not banks: code 999 is { tag: 'N/A', name: 'N/A' } (its
 * only such placeholder in 3.2.2). A code whose entry is one is not in the bank list (spec section 5).
 */
function isPlaceholderBank(bank: { tag?: string; name?: string }): boolean {
  const placeholder = (text: string | undefined) => !text || /^\s*(n\/?a|-+)\s*$/i.test(text);
  return placeholder(bank.tag) || placeholder(bank.name);
}

/** Strips spaces, validates with clabe-validator and names the bank and city the CLABE resolves to. */
export function resolveClabe(input: string): ClabeResolution {
  const digits = input.replace(/\s+/g, '');
  const check = clabe.validate(digits);
  const bank =
    check.tag && check.bank && !isPlaceholderBank({ tag: check.tag, name: check.bank })
      ? { code: check.code.bank, tag: check.tag, name: check.bank }
      : null;
  let key = check.error ? CLABE_ERROR_KEYS[check.error] : undefined;
  // clabe-validator checks the bank after the format and before the city: so does a placeholder.
  if (!bank && (check.ok || key === 'city')) key = 'bank';
  return {
    clabe: digits,
    problem: check.ok && bank ? null : CLABE_MESSAGES[key ?? 'length'],
    problemCode: check.ok && bank ? null : CLABE_CODES[key ?? 'length'],
    bank,
    city: check.city,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const E164 = /^\+[1-9]\d{7,14}$/;

/** A Pix key in its stored form: CPF/CNPJ digits only, phone + and digits, e-mail lowercased, random key a lowercase UUID. */
export function normalizePixKey(type: TPixKeyType, input: string): string {
  const value = input.trim();
  switch (type) {
    case 'cpf':
    case 'cnpj':
      return value.replace(/[\s./-]/g, '');
    case 'phone':
      return value.replace(/[\s().-]/g, '');
    case 'email':
    case 'random':
      return value.toLowerCase();
  }
}

/** What is wrong with a Pix key of a kind (checked on its normalized form), or null. */
export function pixKeyProblemCode(type: TPixKeyType, input: string): TMessageCode | null {
  const value = normalizePixKey(type, input);
  switch (type) {
    case 'cpf':
      if (!/^\d{11}$/.test(value)) return PIX_KEY_CODES.cpf;
      return isValidCpf(value) ? null : 'messages.cpfCheckDigits';
    case 'cnpj':
      if (!/^\d{14}$/.test(value)) return PIX_KEY_CODES.cnpj;
      return isValidCnpj(value) ? null : 'messages.cnpjCheckDigits';
    case 'phone':
      if (!E164.test(value)) return PIX_KEY_CODES.phone;
      // A Brazilian number (the Pix case) must also be a real mobile number.
      if (value.startsWith('+55') && !isValidPhone(value, { accept: ['mobile'] })) return PIX_KEY_CODES.phone;
      return null;
    case 'email':
      return isValidEmail(value) ? null : PIX_KEY_CODES.email;
    case 'random':
      return UUID.test(value) ? null : PIX_KEY_CODES.random;
  }
}
export const pixKeyProblem = (type: TPixKeyType, input: string) =>
  englishOrNull(pixKeyProblemCode(type, input));

/** The kind a key being typed most likely is (the form preselects it; the user may choose another). */
export function detectPixKeyType(input: string): TPixKeyType | null {
  const value = input.trim();
  if (value === '') return null;
  if (value.includes('@')) return 'email';
  if (value.startsWith('+')) return 'phone';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value) || (/[a-f]/i.test(value) && /^[0-9a-f-]+$/i.test(value)))
    return 'random';
  const digits = value.replace(/[\s./-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (/[/]/.test(value) || digits.length > 11) return 'cnpj';
    return 'cpf';
  }
  return null;
}

const ZClabeBeneficiaryRequest = deferred(() =>
  z
    .strictObject({
      type: z.literal('Clabe'),
      name: ZCounterpartyName,
      remark: ZCounterpartyRemark,
      bankAccountNumber: z.string(coded('messages.clabeLength')),
    })
    .superRefine((value, context) => {
      const { problemCode } = resolveClabe(value.bankAccountNumber);
      if (!problemCode) return;
      // The overall message first (the API answer's message), the detail under the field.
      context.addIssue({ code: 'custom', path: [], ...codedIssue('messages.invalidClabe') });
      context.addIssue({ code: 'custom', path: ['bankAccountNumber'], ...codedIssue(problemCode) });
    })
    .transform((value) => ({ ...value, bankAccountNumber: resolveClabe(value.bankAccountNumber).clabe })),
);
raisesCodes(ZClabeBeneficiaryRequest, ['messages.invalidClabe', ...Object.values(CLABE_CODES)]);

const ZPixKeyBeneficiaryRequest = deferred(() =>
  z
    .strictObject({
      type: z.literal('PixKey'),
      name: ZCounterpartyName,
      remark: ZCounterpartyRemark,
      pixKeyType: z.enum(PIX_KEY_TYPES, coded('messages.choosePixKeyType')),
      pixKey: z.string(coded('messages.choosePixKeyType')),
    })
    .superRefine((value, context) => {
      const problem = pixKeyProblemCode(value.pixKeyType, value.pixKey);
      if (problem) context.addIssue({ code: 'custom', path: ['pixKey'], ...codedIssue(problem) });
    })
    .transform((value) => ({ ...value, pixKey: normalizePixKey(value.pixKeyType, value.pixKey) })),
);
raisesCodes(ZPixKeyBeneficiaryRequest, [
  ...Object.values(PIX_KEY_CODES),
  'messages.cpfCheckDigits',
  'messages.cnpjCheckDigits',
]);

export const ZCreateBankBeneficiaryRequest = deferred(() =>
  z.discriminatedUnion(
    'type',
    [ZClabeBeneficiaryRequest, ZPixKeyBeneficiaryRequest],
    coded('messages.chooseClabeOrPixKey'),
  ),
);
export type TCreateBankBeneficiaryRequest = z.input<typeof ZCreateBankBeneficiaryRequest>;

/** clabe-validator's bank list, as the API serves it (without its placeholder entries, which are not banks). */
export function mexicanBanks(): TMexicanBank[] {
  return Object.entries(clabe.banksMap)
    .filter(([, bank]) => !isPlaceholderBank(bank))
    .map(([id, bank]) => ({ id: Number(id), tag: bank.tag ?? '', name: bank.name ?? '' }))
    .sort((a, b) => a.id - b.id);
}

/** clabe-validator's city list, as the API serves it. */
export function mexicanCities(): TMexicanCity[] {
  return clabe.cities.map(([id, name, state]) => (state ? { id, name, code: state } : { id, name }));
}
