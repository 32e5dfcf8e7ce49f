import {
  ZCreateBankBeneficiaryRequest,
  ZCreateRegisteredWalletRequest,
} from '@dash/shared/counterparty-rules';
import type { Database } from './client';
import { bankBeneficiaries, registeredWallets } from './schema';

/** The demo organization's registered wallets: EVM (checksummed by the contract) and Solana. */
const DEMO_WALLETS = [
  {
    network: 'ethereum',
    address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    name: 'Treasury',
    remark: 'Cold storage',
  },
  { network: 'arbitrum-sepolia', address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', name: 'Operations' },
  {
    network: 'polygon-amoy',
    address: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    name: 'Sandbox deposits',
    remark: 'testBRZ',
  },
  { network: 'solana', address: 'Vote111111111111111111111111111111111111111', name: 'Solana payouts' },
] as const;

/** A beneficiary of each kind: two CLABE accounts and one Pix key of every type. */
const DEMO_BENEFICIARIES = [
  { type: 'Clabe', name: 'Proveedora Azteca SA de CV', bankAccountNumber: '002010077777777771' },
  {
    type: 'Clabe',
    name: 'Logística del Norte',
    bankAccountNumber: '012180001234567899',
    remark: 'Monthly freight',
  },
  { type: 'PixKey', name: 'Ana Souza', pixKeyType: 'cpf', pixKey: '123.456.789-09' },
  { type: 'PixKey', name: 'Fornecedora Paulista Ltda', pixKeyType: 'cnpj', pixKey: '11.222.333/0001-81' },
  { type: 'PixKey', name: 'Carlos Lima', pixKeyType: 'phone', pixKey: '+55 11 98765-4321' },
  { type: 'PixKey', name: 'Financeiro Rio', pixKeyType: 'email', pixKey: 'financeiro@example.com.br' },
  {
    type: 'PixKey',
    name: 'Mercado Central',
    pixKeyType: 'random',
    pixKey: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d',
  },
] as const;

/**
 * The demo organization's counterparties, parsed with the same contracts the API uses (so they
 * are valid and stored normalized). Idempotent: the unique indexes skip what is already there.
 */
export async function seedCounterparties(tx: Database, organizationUid: string): Promise<void> {
  const wallets = DEMO_WALLETS.map((wallet) => ZCreateRegisteredWalletRequest.parse(wallet));
  await tx
    .insert(registeredWallets)
    .values(wallets.map((wallet) => ({ organizationUid, ...wallet })))
    .onConflictDoNothing({
      target: [registeredWallets.organizationUid, registeredWallets.network, registeredWallets.address],
    });
  const beneficiaries = DEMO_BENEFICIARIES.map((beneficiary) =>
    ZCreateBankBeneficiaryRequest.parse(beneficiary),
  );
  await tx
    .insert(bankBeneficiaries)
    .values(
      beneficiaries.map((beneficiary) => ({
        organizationUid,
        type: beneficiary.type,
        name: beneficiary.name,
        remark: beneficiary.remark,
        ...(beneficiary.type === 'Clabe'
          ? { pixKeyType: null, accountKey: beneficiary.bankAccountNumber }
          : { pixKeyType: beneficiary.pixKeyType, accountKey: beneficiary.pixKey }),
      })),
    )
    .onConflictDoNothing({
      target: [bankBeneficiaries.organizationUid, bankBeneficiaries.type, bankBeneficiaries.accountKey],
    });
}
