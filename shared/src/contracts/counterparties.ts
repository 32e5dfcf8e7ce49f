import { ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { NETWORK_IDS } from './network-ids';
import { REGISTERED_WALLET_NETWORK_IDS } from './networks';

/**
 * Counterparties (issue 10): the blockchain wallets an organization sends stablecoins to and the
 * bank beneficiaries (Mexican CLABE accounts, Brazilian Pix keys) it pays out to: messages,
 * records and responses. The request contracts whose rules need third-party validators live in
 * ./counterparty-rules (its own entry, loaded only where used); the API parses with the same
 * schemas the forms validate with, so every rule and message lives in one place.
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
  /** Its network is a local dev chain here (under its testnet's id): no public explorer knows it. */
  localChain: z.boolean().optional(),
});
export type TRegisteredWallet = z.infer<typeof ZRegisteredWallet>;

export const ZRegisteredWalletResponse = z.object({ data: ZRegisteredWallet });
export const ZRegisteredWalletsResponse = z.object({ data: z.array(ZRegisteredWallet) });

export const ZRegisteredWalletParams = z.object({ walletUid: ZUid });

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

// ---------------------------------------------------------------------------------------------
// Bank beneficiaries

export const BANK_BENEFICIARY_TYPES = ['Clabe', 'PixKey'] as const;
export type TBankBeneficiaryType = (typeof BANK_BENEFICIARY_TYPES)[number];

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
