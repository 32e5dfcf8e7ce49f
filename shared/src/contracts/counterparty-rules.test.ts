import { clabe } from 'clabe-validator';
import { describe, expect, it } from 'vitest';
import {
  CLABE_MESSAGES,
  CNPJ_CHECK_DIGITS_MESSAGE,
  CPF_CHECK_DIGITS_MESSAGE,
  INVALID_CLABE,
  INVALID_EVM_ADDRESS,
  INVALID_SOLANA_ADDRESS,
  NAME_REQUIRED,
  PIX_KEY_MESSAGES,
  ZERO_ADDRESS,
  ZERO_ADDRESS_MESSAGE,
} from './counterparties';
import {
  detectPixKeyType,
  mexicanBanks,
  mexicanCities,
  resolveClabe,
  ZCreateBankBeneficiaryRequest,
  ZCreateRegisteredWalletRequest,
} from './counterparty-rules';
import {
  explorerAddressUrl,
  explorerTransactionUrl,
  NETWORKS,
  REGISTERED_WALLET_NETWORK_IDS,
} from './networks';

// The EIP-55 reference vector and the same address with one letter's case flipped.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const SOLANA = 'So11111111111111111111111111111111111111112';
const VALID_CLABE = '002010077777777771';
/** A CLABE with a correct checksum for the given first 17 digits. */
const withChecksum = (first17: string) => `${first17}${clabe.computeChecksum(first17)}`;

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const wallet = (network: string, address: string) =>
  ZCreateRegisteredWalletRequest.safeParse({ network, address, name: 'Treasury' });

describe('registered wallet addresses', () => {
  it('accepts EVM addresses in one case or with a valid checksum, and stores them checksummed', () => {
    expect(wallet('ethereum', CHECKSUMMED.toLowerCase()).data?.address).toBe(CHECKSUMMED);
    expect(wallet('polygon-amoy', CHECKSUMMED).data?.address).toBe(CHECKSUMMED);
    expect(wallet('gnosis', `0x${CHECKSUMMED.slice(2).toUpperCase()}`).data?.address).toBe(CHECKSUMMED);
  });

  it.each([
    ['a mixed-case address with a wrong EIP-55 checksum', BAD_CHECKSUM, INVALID_EVM_ADDRESS],
    ['39 hex digits', CHECKSUMMED.slice(0, -1), INVALID_EVM_ADDRESS],
    ['no 0x', CHECKSUMMED.slice(2), INVALID_EVM_ADDRESS],
    ['a non-hex digit', `0xZ${CHECKSUMMED.slice(3)}`, INVALID_EVM_ADDRESS],
    ['a Solana address', SOLANA, INVALID_EVM_ADDRESS],
    ['the zero address', ZERO_ADDRESS, ZERO_ADDRESS_MESSAGE],
  ])('refuses on an EVM network %s', (_case, address, message) => {
    expect(fieldErrors(wallet('arbitrum-one', address))).toEqual({ address: message });
  });

  it('accepts Solana keys that decode to 32 bytes, as given', () => {
    expect(wallet('solana', SOLANA).data?.address).toBe(SOLANA);
    expect(wallet('solana', '1'.repeat(32)).success).toBe(true);
  });

  it.each([
    ['valid base58 that decodes to 34 bytes', '1'.repeat(34)],
    ['valid base58 that decodes to 33 bytes', `2${'1'.repeat(32)}`],
    ['31 characters', SOLANA.slice(0, 31)],
    ['45 characters', `${SOLANA}11`],
    ['a character outside base58 (0)', `0${SOLANA.slice(1)}`],
    ['an EVM address', CHECKSUMMED],
  ])('refuses on Solana %s', (_case, address) => {
    expect(fieldErrors(wallet('solana', address))).toEqual({ address: INVALID_SOLANA_ADDRESS });
  });

  it('accepts only the nine registered-wallet networks and needs a name', () => {
    expect(REGISTERED_WALLET_NETWORK_IDS).toHaveLength(9);
    expect(wallet('base', CHECKSUMMED).success).toBe(false);
    const unnamed = ZCreateRegisteredWalletRequest.safeParse({
      network: 'ethereum',
      address: CHECKSUMMED,
      name: ' ',
    });
    expect(fieldErrors(unnamed)).toEqual({ name: NAME_REQUIRED });
  });

  it('stores an empty remark as null', () => {
    const parsed = ZCreateRegisteredWalletRequest.parse({
      network: 'ethereum',
      address: CHECKSUMMED,
      name: 'Ops',
      remark: '  ',
    });
    expect(parsed.remark).toBeNull();
  });
});

describe('networks', () => {
  it('holds the 24 records of the spec, with explorer links', () => {
    expect(NETWORKS).toHaveLength(24);
    expect(new Set(NETWORKS.map((network) => network.id)).size).toBe(24);
    expect(NETWORKS.filter((network) => network.type === 'solana').map((network) => network.id)).toEqual([
      'solana',
    ]);
    expect(explorerAddressUrl('ethereum', CHECKSUMMED)).toBe(`https://etherscan.io/address/${CHECKSUMMED}`);
    expect(explorerTransactionUrl('polygon-amoy', '0xabc')).toBe('https://amoy.polygonscan.com/tx/0xabc');
  });
});

const beneficiary = (body: Record<string, unknown>) =>
  ZCreateBankBeneficiaryRequest.safeParse({ name: 'Supplier', ...body });

describe('CLABE beneficiaries', () => {
  it('accepts a valid CLABE and resolves its bank and city', () => {
    expect(beneficiary({ type: 'Clabe', bankAccountNumber: '002 010 07777777777 1' }).data).toMatchObject({
      bankAccountNumber: VALID_CLABE,
    });
    expect(resolveClabe(VALID_CLABE)).toMatchObject({
      problem: null,
      bank: { code: '002', tag: 'BANAMEX' },
      city: 'Aguascalientes MX-AGU',
    });
  });

  it.each([
    ['17 digits', VALID_CLABE.slice(0, 17), CLABE_MESSAGES.length],
    ['a letter', `00201007777777777A`, CLABE_MESSAGES.characters],
    ['a bad checksum', '002010077777777772', CLABE_MESSAGES.checksum],
    ['an unknown bank', withChecksum('00401007777777777'), CLABE_MESSAGES.bank],
    ['an unknown city', withChecksum('00299907777777777'), CLABE_MESSAGES.city],
    // clabe-validator lists 999 as { tag: 'N/A', name: 'N/A' }: a placeholder, not a bank.
    ['the placeholder bank code 999', '999180001234567899', CLABE_MESSAGES.bank],
    [
      'the placeholder bank code 999 and an unknown city',
      withChecksum('99999907777777777'),
      CLABE_MESSAGES.bank,
    ],
  ])('refuses %s with "Invalid CLABE" and the detailed message under the field', (_case, number, detail) => {
    const result = beneficiary({ type: 'Clabe', bankAccountNumber: number });
    expect(result.error?.issues[0]?.message).toBe(INVALID_CLABE);
    expect(fieldErrors(result).bankAccountNumber).toBe(detail);
    expect(resolveClabe(number).problem).toBe(detail);
  });

  it('names no bank for the placeholder code 999, so the field hint never reads "N/A"', () => {
    expect(clabe.validate('999180001234567899').ok).toBe(true);
    expect(resolveClabe('999180001234567899')).toMatchObject({ bank: null, problem: CLABE_MESSAGES.bank });
    // The hint of a number being typed resolves a padded prefix.
    expect(resolveClabe('999000000000000000').bank).toBeNull();
  });

  it('keeps the format problems of a 999 number ahead of its bank', () => {
    expect(resolveClabe('999180001234567898').problem).toBe(CLABE_MESSAGES.checksum);
    expect(resolveClabe('99918000123456789').problem).toBe(CLABE_MESSAGES.length);
  });
});

describe('Pix key beneficiaries', () => {
  it.each([
    ['cpf', '123.456.789-09', '12345678909'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['phone', '+55 (11) 98765-4321', '+5511987654321'],
    ['phone', '+1 415 555 2671', '+14155552671'],
    ['email', ' Fulano@Example.COM ', 'fulano@example.com'],
    ['random', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
  ])('accepts a %s key and stores it normalized', (pixKeyType, pixKey, stored) => {
    expect(beneficiary({ type: 'PixKey', pixKeyType, pixKey }).data).toMatchObject({
      pixKeyType,
      pixKey: stored,
    });
  });

  it.each([
    ['cpf', '1234567890', PIX_KEY_MESSAGES.cpf],
    ['cpf', '12345678900', CPF_CHECK_DIGITS_MESSAGE],
    ['cnpj', '1122233300018', PIX_KEY_MESSAGES.cnpj],
    ['cnpj', '11222333000180', CNPJ_CHECK_DIGITS_MESSAGE],
    ['phone', '11987654321', PIX_KEY_MESSAGES.phone],
    ['phone', '+55 11 1234', PIX_KEY_MESSAGES.phone],
    ['phone', '+55 11 3000 0000', PIX_KEY_MESSAGES.phone],
    ['email', 'fulano@', PIX_KEY_MESSAGES.email],
    ['email', 'fulano.example.com', PIX_KEY_MESSAGES.email],
    ['random', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2', PIX_KEY_MESSAGES.random],
    ['random', 'not-a-uuid', PIX_KEY_MESSAGES.random],
  ])('refuses a %s key %s with its message', (pixKeyType, pixKey, message) => {
    expect(fieldErrors(beneficiary({ type: 'PixKey', pixKeyType, pixKey }))).toEqual({ pixKey: message });
  });

  it('detects the kind of a key being typed', () => {
    expect(detectPixKeyType('123.456.789-09')).toBe('cpf');
    expect(detectPixKeyType('11.222.333/0001-81')).toBe('cnpj');
    expect(detectPixKeyType('11222333000181')).toBe('cnpj');
    expect(detectPixKeyType('+5511987654321')).toBe('phone');
    expect(detectPixKeyType('a@b.co')).toBe('email');
    expect(detectPixKeyType('71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d')).toBe('random');
    expect(detectPixKeyType('')).toBeNull();
  });
});

describe('Mexican banks and cities from clabe-validator', () => {
  it('lists about a hundred banks and cities of every state', () => {
    const banks = mexicanBanks();
    expect(banks.length).toBeGreaterThan(100);
    expect(banks).toContainEqual({ id: 2, tag: 'BANAMEX', name: 'Banco Nacional de México' });
    // The list a CLABE's bank code must be in: no placeholder entries (999 'N/A').
    expect(banks.map((bank) => bank.id)).not.toContain(999);
    expect(banks.filter((bank) => /^(n\/?a|-*)$/i.test(bank.name) || /^(n\/?a|-*)$/i.test(bank.tag))).toEqual(
      [],
    );
    // Every real bank's code still resolves with its name.
    for (const bank of banks) {
      const code = String(bank.id).padStart(3, '0');
      expect(resolveClabe(withChecksum(`${code}01007777777777`))).toMatchObject({
        problem: null,
        bank: { code, tag: bank.tag, name: bank.name },
      });
    }
    const states = new Set(mexicanCities().flatMap((city) => (city.code ? [city.code] : [])));
    expect(states.size).toBe(32);
  });
});
