import { randomUUID } from 'node:crypto';
import {
  type TSafeTransaction,
  tokenOf,
  ZQuoteResponse,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
  ZTransferDetailResponse,
} from '@dash/shared/contracts';
import { createPublicClient, erc20Abi, getAddress, type Hex, http } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { bankBeneficiaries, providerAccounts, type providers } from '../db/schema';
import { testDevChain } from './dev-chain';
import { call } from './http';
import { approveOrganization, createCatalogueProvider, sandboxConfig, testSandbox } from './providers';
import { safeScene } from './safe';
import { until } from './sandbox-chain';

/**
 * The two off-ramp rails of the sandbox provider the Safe can pay: Bitso (MXN over SPEI, USDC on
 * arbitrum-sepolia, the Safe's first network) and Transfero (BRL over Pix, testbrz on polygon-amoy).
 */
export type OffRampNetwork = 'arbitrum-sepolia' | 'polygon-amoy';
interface Rail {
  currency: 'MXN' | 'BRL';
  symbol: string;
  provider: Partial<typeof providers.$inferInsert>;
  beneficiary: Omit<typeof bankBeneficiaries.$inferInsert, 'organizationUid'>;
}
const RAILS: Record<OffRampNetwork, Rail> = {
  'arbitrum-sepolia': {
    currency: 'MXN',
    symbol: 'USDC',
    provider: {
      name: 'Bitso',
      description: 'MXN over SPEI',
      countries: ['MX'],
      fiat: [{ currency: 'MXN', rail: 'SPEI' }],
      stablecoins: [{ symbol: 'USDC', network: 'arbitrum-sepolia' }],
      fees: [
        {
          currency: 'MXN',
          percentageFee: '0.50',
          fixedFee: '5.00',
          minAmount: '10.00',
          maxAmount: '500000.00',
        },
      ],
      adapterAccount: 'bitso',
    },
    beneficiary: { type: 'Clabe', accountKey: '002010077777777771', name: 'Proveedor MX' },
  },
  'polygon-amoy': {
    currency: 'BRL',
    symbol: 'testbrz',
    // createCatalogueProvider's default is Transfero's rail.
    provider: { name: 'Transfero' },
    beneficiary: {
      type: 'PixKey',
      pixKeyType: 'email',
      accountKey: 'pagamentos@example.com',
      name: 'Fornecedor',
    },
  },
};

/**
 * An organization with a deployed Safe (safeScene: 2 out of 2 owners, on arbitrum-sepolia), approved,
 * with an Active account at the sandbox provider of `network`'s rail and a bank beneficiary there;
 * and the calls an off-ramp from the Safe makes: quote and create, the queue, one transaction,
 * confirm with an owner's key, the transfer's detail.
 */
export async function safeOffRampScene(network: OffRampNetwork = 'arbitrum-sepolia') {
  const rail = RAILS[network];
  const sandbox = await testSandbox();
  const scene = await safeScene({ config: sandboxConfig(sandbox) });
  const { testApp, organization } = scene;
  await approveOrganization(testApp.db, organization.uid);
  const provider = await createCatalogueProvider(testApp.db, rail.provider);
  await testApp.db
    .insert(providerAccounts)
    .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
  const [beneficiary] = await testApp.db
    .insert(bankBeneficiaries)
    .values({ organizationUid: organization.uid, ...rail.beneficiary })
    .returning();
  if (!beneficiary) throw new Error('beneficiary not written');
  const ask = (cookie: string, method: 'GET' | 'POST', path: string, body?: unknown, key?: string) =>
    call(testApp.app, method, path, {
      cookie,
      organization: organization.uid,
      ...(body === undefined ? {} : { body }),
      headers: { 'idempotency-key': key ?? randomUUID() },
    });
  /** POST rails/off-ramps of `amount` of the rail's token, quoted on `network` first. */
  const offRamp = async (amount: string, extra: Record<string, unknown>) => {
    const quote = await ask(scene.admin.cookie, 'POST', '/rails/quotes', {
      providerUid: provider.uid,
      type: 'off_ramp',
      currency: rail.currency,
      network,
      amount,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    return ask(scene.admin.cookie, 'POST', '/rails/off-ramps', {
      quoteUid: ZQuoteResponse.parse(quote.json()).data.uid,
      bankBeneficiaryUid: beneficiary.uid,
      ...extra,
    });
  };
  const queue = async () =>
    ZSafeTransactionsResponse.parse((await ask(scene.viewer.cookie, 'GET', '/wallet/transactions')).json())
      .data;
  const transfer = async (uid: string) =>
    ZTransferDetailResponse.parse(
      (await ask(scene.viewer.cookie, 'GET', `/rails/transactions/${uid}`)).json(),
    ).data;
  /** One transaction in full (the list's rows carry no typed data). */
  const one = async (safeTxHash: string): Promise<TSafeTransaction> =>
    ZSafeTransactionResponse.parse(
      (await ask(scene.viewer.cookie, 'GET', `/wallet/transactions/${safeTxHash}`)).json(),
    ).data;
  /** The owner signs the transaction's typed data (eth_signTypedData_v4) and confirms it. */
  const confirm = async (
    signer: { user: { cookie: string }; key: PrivateKeyAccount },
    row: { safeTxHash: string },
  ) => {
    const tx = await one(row.safeTxHash);
    const answer = await ask(
      signer.user.cookie,
      'POST',
      `/wallet/transactions/${tx.safeTxHash}/confirmations`,
      { signature: await signer.key.signTypedData(JSON.parse(tx.typedData)) },
    );
    expect(answer.statusCode, answer.body).toBe(201);
  };
  /** Runs the jobs until `check` holds (the provider's call, the proposal and the execution are jobs). */
  const eventually = <T>(what: string, check: () => Promise<T | undefined>) =>
    until(what, async () => {
      await testApp.app.jobs.drain();
      return check();
    });
  return {
    ...scene,
    sandbox,
    provider,
    beneficiary,
    rail,
    ask,
    offRamp,
    queue,
    one,
    transfer,
    confirm,
    eventually,
  };
}

/** The balance of `address` in a dev chain's test token, read from the token contract. */
export async function testTokenBalance(network: string, symbol: string, address: string): Promise<bigint> {
  const chain = (await testDevChain()).chains.find((candidate) => candidate.network === network);
  const token = tokenOf(network, symbol, true);
  if (!chain || !token) throw new Error(`no local ${symbol} on ${network}`);
  return createPublicClient({ transport: http(chain.url) }).readContract({
    address: token.address as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [getAddress(address)],
  });
}
