import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { base58 } from '@scure/base';
import { clabe } from 'clabe-validator';
import { getAddress } from 'viem/utils';
import { z } from 'zod';
import { ZIsoDateTime, ZUid } from './common';
import { findNetwork, NETWORK_IDS, REGISTERED_WALLET_NETWORK_IDS, type TNetworkId } from './networks';
import { isValidEthAddress } from './signing-devices';

/**
 * Counterparties (issue 10): the blockchain wallets an organization sends stablecoins to and the
 * bank beneficiaries (Mexican CLABE accounts, Brazilian Pix keys) it pays out to. Every rule and
 * message lives here once: the API parses with these schemas and the forms validate with them.
 */

// Spec section 5, word for word.
export const INVALID_EVM_ADDRESS = 'Invalid EVM address';
export const ZERO_ADDRESS_MESSAGE = 'Cannot be a zero address';
export const INVALID_SOLANA_ADDRESS = 'Invalid Solana address';
export const NAME_REQUIRED = 'Name is required';
export const INVALID_CLABE = 'Invalid CLABE';
export const CLABE_MESSAGES = {
  length: 'Must be exactly 18 digits long',
  characters: 'Must be only numeric digits (no letters)',
  checksum: 'Invalid checksum',
  bank: 'Invalid bank code',
  city: 'Invalid city code',
} as const;
export const PIX_KEY_MESSAGES = {
  cpf: 'CPF must be exactly 11 digits',
  cnpj: 'CNPJ must be exactly 14 digits',
  phone: 'Phone must be a valid international format starting with +',
  email: 'Email must be a valid email address',
  random: 'Random key must be a valid UUID format',
} as const;
// Ours, where the spec is silent.
export const CPF_CHECK_DIGITS_MESSAGE = 'CPF check digits are not valid';
export const CNPJ_CHECK_DIGITS_MESSAGE = 'CNPJ check digits are not valid';
export const CHOOSE_NETWORK_MESSAGE = 'Choose one of the supported networks';
export const CHOOSE_PIX_KEY_TYPE_MESSAGE = 'Choose the kind of Pix key';
export const COUNTERPARTY_NAME_MAX = 64;
export const COUNTERPARTY_REMARK_MAX = 280;
export const REGISTERED_WALLET_DUPLICATE_MESSAGE =
  'This address is already registered on this network in your organization';
export const CLABE_DUPLICATE_MESSAGE = 'This CLABE is already one of your bank beneficiaries';
export const PIX_KEY_DUPLICATE_MESSAGE = 'This Pix key is already one of your bank beneficiaries';
export const REGISTERED_WALLET_NOT_FOUND_MESSAGE = 'Registered wallet not found';
export const BANK_BENEFICIARY_NOT_FOUND_MESSAGE = 'Bank beneficiary not found';
export const COUNTERPARTY_IN_USE_MESSAGE =
  'A pending transfer uses this counterparty. Wait until it completes, then delete it.';

/** Spec section 3: 0x followed by forty zeros. */
export const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

// ---------------------------------------------------------------------------------------------
// Addresses

/** 0x + 40 hex; a mixed-case address must pass its EIP-55 checksum (viem). The zero address is refused. */
export function evmAddressProblem(value: string): string | null {
  if (!isValidEthAddress(value)) return INVALID_EVM_ADDRESS;
  if (value.toLowerCase() === ZERO_ADDRESS) return ZERO_ADDRESS_MESSAGE;
  return null;
}

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
export function addressProblem(network: TNetworkId, address: string): string | null {
  const type = findNetwork(network)?.type;
  if (type === 'solana') return isValidSolanaAddress(address) ? null : INVALID_SOLANA_ADDRESS;
  return evmAddressProblem(address);
}

/** The stored spelling: EVM addresses in their EIP-55 checksum form, Solana as given. */
export function normalizeAddress(network: TNetworkId, address: string): string {
  return findNetwork(network)?.type === 'evm' ? getAddress(address) : address;
}

// ---------------------------------------------------------------------------------------------
// Names and remarks

export const ZCounterpartyName = z
  .string({ message: NAME_REQUIRED })
  .trim()
  .min(1, { message: NAME_REQUIRED })
  .max(COUNTERPARTY_NAME_MAX, { message: `Name must be at most ${COUNTERPARTY_NAME_MAX} characters` });

/** Nullable: an empty remark is stored as null. */
export const ZCounterpartyRemark = z
  .string()
  .trim()
  .max(COUNTERPARTY_REMARK_MAX, { message: `Remark must be at most ${COUNTERPARTY_REMARK_MAX} characters` })
  .nullish()
  .transform((value) => (value ? value : null));

// ---------------------------------------------------------------------------------------------
// Registered blockchain wallets

export const ZRegisteredWalletNetwork = z.enum(REGISTERED_WALLET_NETWORK_IDS, {
  message: CHOOSE_NETWORK_MESSAGE,
});

export const ZCreateRegisteredWalletRequest = z
  .strictObject({
    network: ZRegisteredWalletNetwork,
    address: z.string({ message: INVALID_EVM_ADDRESS }).trim(),
    name: ZCounterpartyName,
    remark: ZCounterpartyRemark,
  })
  .superRefine((value, context) => {
    const problem = addressProblem(value.network, value.address);
    if (problem) context.addIssue({ code: 'custom', path: ['address'], message: problem });
  })
  .transform((value) => ({ ...value, address: normalizeAddress(value.network, value.address) }));
export type TCreateRegisteredWalletRequest = z.input<typeof ZCreateRegisteredWalletRequest>;

/** Only the name and remark change (a different address is a different counterparty); a remark left out stays. */
export const ZUpdateCounterpartyRequest = z.strictObject({
  name: ZCounterpartyName,
  remark: ZCounterpartyRemark.optional(),
});
export type TUpdateCounterpartyRequest = z.input<typeof ZUpdateCounterpartyRequest>;

export const ZRegisteredWallet = z.object({
  uid: ZUid,
  network: z.enum(NETWORK_IDS),
  address: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TRegisteredWallet = z.infer<typeof ZRegisteredWallet>;

export const ZRegisteredWalletResponse = z.object({ data: ZRegisteredWallet });
export const ZRegisteredWalletsResponse = z.object({ data: z.array(ZRegisteredWallet) });

export const ZRegisteredWalletParams = z.object({ walletUid: ZUid });

// ---------------------------------------------------------------------------------------------
// CLABE

export const CLABE_DIGITS = 18;

export interface ClabeResolution {
  /** Digits only (spaces removed). */
  clabe: string;
  /** The detailed spec message, or null when valid. */
  problem: string | null;
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

/** Strips spaces, validates with clabe-validator and names the bank and city the CLABE resolves to. */
export function resolveClabe(input: string): ClabeResolution {
  const digits = input.replace(/\s+/g, '');
  const check = clabe.validate(digits);
  const key = check.error ? CLABE_ERROR_KEYS[check.error] : undefined;
  return {
    clabe: digits,
    problem: check.ok ? null : CLABE_MESSAGES[key ?? 'length'],
    bank: check.tag && check.bank ? { code: check.code.bank, tag: check.tag, name: check.bank } : null,
    city: check.city,
  };
}

// ---------------------------------------------------------------------------------------------
// Pix keys

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'random'] as const;
export type TPixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<TPixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  phone: 'Phone',
  email: 'E-mail',
  random: 'Random key',
};

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
export function pixKeyProblem(type: TPixKeyType, input: string): string | null {
  const value = normalizePixKey(type, input);
  switch (type) {
    case 'cpf':
      if (!/^\d{11}$/.test(value)) return PIX_KEY_MESSAGES.cpf;
      return isValidCpf(value) ? null : CPF_CHECK_DIGITS_MESSAGE;
    case 'cnpj':
      if (!/^\d{14}$/.test(value)) return PIX_KEY_MESSAGES.cnpj;
      return isValidCnpj(value) ? null : CNPJ_CHECK_DIGITS_MESSAGE;
    case 'phone':
      if (!E164.test(value)) return PIX_KEY_MESSAGES.phone;
      // A Brazilian number (the Pix case) must also be a real mobile number.
      if (value.startsWith('+55') && !isValidPhone(value, { accept: ['mobile'] }))
        return PIX_KEY_MESSAGES.phone;
      return null;
    case 'email':
      return isValidEmail(value) ? null : PIX_KEY_MESSAGES.email;
    case 'random':
      return UUID.test(value) ? null : PIX_KEY_MESSAGES.random;
  }
}

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

// ---------------------------------------------------------------------------------------------
// Bank beneficiaries

export const BANK_BENEFICIARY_TYPES = ['Clabe', 'PixKey'] as const;
export type TBankBeneficiaryType = (typeof BANK_BENEFICIARY_TYPES)[number];

const ZClabeBeneficiaryRequest = z
  .strictObject({
    type: z.literal('Clabe'),
    name: ZCounterpartyName,
    remark: ZCounterpartyRemark,
    bankAccountNumber: z.string({ message: CLABE_MESSAGES.length }),
  })
  .superRefine((value, context) => {
    const { problem } = resolveClabe(value.bankAccountNumber);
    if (!problem) return;
    // The overall message first (the API answer's message), the detail under the field.
    context.addIssue({ code: 'custom', path: [], message: INVALID_CLABE });
    context.addIssue({ code: 'custom', path: ['bankAccountNumber'], message: problem });
  })
  .transform((value) => ({ ...value, bankAccountNumber: resolveClabe(value.bankAccountNumber).clabe }));

const ZPixKeyBeneficiaryRequest = z
  .strictObject({
    type: z.literal('PixKey'),
    name: ZCounterpartyName,
    remark: ZCounterpartyRemark,
    pixKeyType: z.enum(PIX_KEY_TYPES, { message: CHOOSE_PIX_KEY_TYPE_MESSAGE }),
    pixKey: z.string({ message: CHOOSE_PIX_KEY_TYPE_MESSAGE }),
  })
  .superRefine((value, context) => {
    const problem = pixKeyProblem(value.pixKeyType, value.pixKey);
    if (problem) context.addIssue({ code: 'custom', path: ['pixKey'], message: problem });
  })
  .transform((value) => ({ ...value, pixKey: normalizePixKey(value.pixKeyType, value.pixKey) }));

export const ZCreateBankBeneficiaryRequest = z.discriminatedUnion(
  'type',
  [ZClabeBeneficiaryRequest, ZPixKeyBeneficiaryRequest],
  { error: () => 'Choose Clabe or PixKey' },
);
export type TCreateBankBeneficiaryRequest = z.input<typeof ZCreateBankBeneficiaryRequest>;

const beneficiaryBase = {
  uid: ZUid,
  name: z.string(),
  remark: z.string().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
};

export const ZBankBeneficiary = z.discriminatedUnion('type', [
  z.object({ ...beneficiaryBase, type: z.literal('Clabe'), bankAccountNumber: z.string() }),
  z.object({
    ...beneficiaryBase,
    type: z.literal('PixKey'),
    pixKeyType: z.enum(PIX_KEY_TYPES),
    pixKey: z.string(),
  }),
]);
export type TBankBeneficiary = z.infer<typeof ZBankBeneficiary>;

export const ZBankBeneficiaryResponse = z.object({ data: ZBankBeneficiary });
export const ZBankBeneficiariesResponse = z.object({ data: z.array(ZBankBeneficiary) });

export const ZBankBeneficiaryParams = z.object({ beneficiaryUid: ZUid });

// ---------------------------------------------------------------------------------------------
// Mexican banks and cities (clabe-validator's own lists, served by the API)

export const ZMexicanBank = z.object({
  /** The CLABE bank code (its first three digits, as a number). */
  id: z.number().int(),
  tag: z.string(),
  name: z.string(),
});
export type TMexicanBank = z.infer<typeof ZMexicanBank>;

export const ZMexicanCity = z.object({
  /** The CLABE city code (digits four to six, as a number); one code may stand for several cities. */
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166-2 state code, when clabe-validator gives one. */
  code: z.string().optional(),
});
export type TMexicanCity = z.infer<typeof ZMexicanCity>;

export const ZMexicanBanksResponse = z.object({ data: z.array(ZMexicanBank) });
export const ZMexicanCitiesResponse = z.object({ data: z.array(ZMexicanCity) });

/** clabe-validator's bank list, as the API serves it. */
export function mexicanBanks(): TMexicanBank[] {
  return Object.entries(clabe.banksMap)
    .filter(([, bank]) => bank.tag !== undefined && bank.name !== undefined)
    .map(([id, bank]) => ({ id: Number(id), tag: bank.tag ?? '', name: bank.name ?? '' }))
    .sort((a, b) => a.id - b.id);
}

/** clabe-validator's city list, as the API serves it. */
export function mexicanCities(): TMexicanCity[] {
  return clabe.cities.map(([id, name, state]) => (state ? { id, name, code: state } : { id, name }));
}
