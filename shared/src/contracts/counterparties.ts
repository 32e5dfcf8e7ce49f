import { coded, deferred, english, type TMessageCode, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
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
export const INVALID_EVM_ADDRESS = english('messages.invalidEvmAddress');
export const ZERO_ADDRESS_MESSAGE = english('messages.zeroAddress');
export const INVALID_SOLANA_ADDRESS = english('messages.invalidSolanaAddress');
export const NAME_REQUIRED = english('messages.nameRequired');
export const INVALID_CLABE = english('messages.invalidClabe');
export const CLABE_CODES = {
  length: 'messages.clabeLength',
  characters: 'messages.clabeCharacters',
  checksum: 'messages.clabeChecksum',
  bank: 'messages.clabeBankCode',
  city: 'messages.clabeCityCode',
} as const satisfies Record<string, TMessageCode>;
export const CLABE_MESSAGES = {
  length: english(CLABE_CODES.length),
  characters: english(CLABE_CODES.characters),
  checksum: english(CLABE_CODES.checksum),
  bank: english(CLABE_CODES.bank),
  city: english(CLABE_CODES.city),
};
export const PIX_KEY_CODES = {
  cpf: 'messages.pixCpfLength',
  cnpj: 'messages.pixCnpjLength',
  phone: 'messages.pixPhoneInvalid',
  email: 'messages.pixEmailInvalid',
  random: 'messages.pixRandomKeyInvalid',
} as const satisfies Record<string, TMessageCode>;
export const PIX_KEY_MESSAGES = {
  cpf: english(PIX_KEY_CODES.cpf),
  cnpj: english(PIX_KEY_CODES.cnpj),
  phone: english(PIX_KEY_CODES.phone),
  email: english(PIX_KEY_CODES.email),
  random: english(PIX_KEY_CODES.random),
};
// Ours, where the spec is silent.
export const CPF_CHECK_DIGITS_MESSAGE = english('messages.cpfCheckDigits');
export const CNPJ_CHECK_DIGITS_MESSAGE = english('messages.cnpjCheckDigits');
export const CHOOSE_NETWORK_MESSAGE = english('messages.chooseNetwork');
export const CHOOSE_PIX_KEY_TYPE_MESSAGE = english('messages.choosePixKeyType');
export const COUNTERPARTY_NAME_MAX = 64;
export const COUNTERPARTY_REMARK_MAX = 280;
export const REGISTERED_WALLET_DUPLICATE_MESSAGE = english('messages.registeredWalletDuplicate');
export const CLABE_DUPLICATE_MESSAGE = english('messages.clabeDuplicate');
export const PIX_KEY_DUPLICATE_MESSAGE = english('messages.pixKeyDuplicate');
export const REGISTERED_WALLET_NOT_FOUND_MESSAGE = english('messages.registeredWalletNotFound');
export const BANK_BENEFICIARY_NOT_FOUND_MESSAGE = english('messages.bankBeneficiaryNotFound');
export const COUNTERPARTY_IN_USE_MESSAGE = english('messages.counterpartyInUse');

/** Spec section 3: 0x followed by forty zeros. */
export const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

// ---------------------------------------------------------------------------------------------
// Names and remarks

export const ZCounterpartyName = deferred(() =>
  z
    .string(coded('messages.nameRequired'))
    .trim()
    .min(1, coded('messages.nameRequired'))
    .max(COUNTERPARTY_NAME_MAX, coded('messages.nameTooLong')),
);

/** Nullable: an empty remark is stored as null. */
export const ZCounterpartyRemark = deferred(() =>
  z
    .string()
    .trim()
    .max(COUNTERPARTY_REMARK_MAX, coded('messages.remarkTooLong'))
    .nullish()
    .transform((value) => (value ? value : null)),
);

// ---------------------------------------------------------------------------------------------
// Registered blockchain wallets

export const ZRegisteredWalletNetwork = deferred(() =>
  z.enum(REGISTERED_WALLET_NETWORK_IDS, {
    ...coded('messages.chooseNetwork'),
  }),
);

/** Only the name and remark change (a different address is a different counterparty); a remark left out stays. */
export const ZUpdateCounterpartyRequest = deferred(() =>
  z.strictObject({
    name: ZCounterpartyName,
    remark: ZCounterpartyRemark.optional(),
  }),
);
export type TUpdateCounterpartyRequest = z.input<typeof ZUpdateCounterpartyRequest>;

export const ZRegisteredWallet = deferred(() =>
  z.object({
    uid: ZUid,
    network: z.enum(NETWORK_IDS),
    address: z.string(),
    name: z.string(),
    remark: z.string().nullable(),
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime,
    /** Its network is a local dev chain here (under its testnet's id): no public explorer knows it. */
    localChain: z.boolean().optional(),
  }),
);
export type TRegisteredWallet = z.infer<typeof ZRegisteredWallet>;

export const ZRegisteredWalletResponse = deferred(() => z.object({ data: ZRegisteredWallet }));
export const ZRegisteredWalletsResponse = deferred(() => z.object({ data: z.array(ZRegisteredWallet) }));

export const ZRegisteredWalletParams = deferred(() => z.object({ walletUid: ZUid }));

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

export const ZBankBeneficiary = deferred(() =>
  z.discriminatedUnion('type', [
    z.object({ ...beneficiaryBase, type: z.literal('Clabe'), bankAccountNumber: z.string() }),
    z.object({
      ...beneficiaryBase,
      type: z.literal('PixKey'),
      pixKeyType: z.enum(PIX_KEY_TYPES),
      pixKey: z.string(),
    }),
  ]),
);
export type TBankBeneficiary = z.infer<typeof ZBankBeneficiary>;

export const ZBankBeneficiaryResponse = deferred(() => z.object({ data: ZBankBeneficiary }));
export const ZBankBeneficiariesResponse = deferred(() => z.object({ data: z.array(ZBankBeneficiary) }));

export const ZBankBeneficiaryParams = deferred(() => z.object({ beneficiaryUid: ZUid }));

// ---------------------------------------------------------------------------------------------
// Mexican banks and cities (clabe-validator's own lists, served by the API)

export const ZMexicanBank = deferred(() =>
  z.object({
    /** The CLABE bank code (its first three digits, as a number). */
    id: z.number().int(),
    tag: z.string(),
    name: z.string(),
  }),
);
export type TMexicanBank = z.infer<typeof ZMexicanBank>;

export const ZMexicanCity = deferred(() =>
  z.object({
    /** The CLABE city code (digits four to six, as a number); one code may stand for several cities. */
    id: z.number().int(),
    name: z.string(),
    /** ISO 3166-2 state code, when clabe-validator gives one. */
    code: z.string().optional(),
  }),
);
export type TMexicanCity = z.infer<typeof ZMexicanCity>;

export const ZMexicanBanksResponse = deferred(() => z.object({ data: z.array(ZMexicanBank) }));
export const ZMexicanCitiesResponse = deferred(() => z.object({ data: z.array(ZMexicanCity) }));
