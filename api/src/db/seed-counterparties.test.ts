import { describe, expect, it } from 'vitest';
import { emptyTestDatabase } from '../test/database';
import { bankBeneficiaries, registeredWallets } from './schema';
import { seed } from './seed';

describe('the demo counterparties', () => {
  it('gives Acme Treasury EVM and Solana wallets and a beneficiary of each kind, once', async () => {
    const { db } = await emptyTestDatabase();

    await seed(db);
    const wallets = await db.select().from(registeredWallets);
    const beneficiaries = await db.select().from(bankBeneficiaries);
    await seed(db);

    expect(new Set(wallets.map((wallet) => wallet.network))).toEqual(
      new Set(['ethereum', 'arbitrum-sepolia', 'polygon-amoy', 'solana']),
    );
    expect(wallets.find((wallet) => wallet.network === 'ethereum')?.address).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
    expect(beneficiaries.map((beneficiary) => beneficiary.pixKeyType ?? beneficiary.type).sort()).toEqual([
      'Clabe',
      'Clabe',
      'cnpj',
      'cpf',
      'email',
      'phone',
      'random',
    ]);
    expect(await db.select().from(registeredWallets)).toEqual(wallets);
    expect(await db.select().from(bankBeneficiaries)).toEqual(beneficiaries);
  });
});
