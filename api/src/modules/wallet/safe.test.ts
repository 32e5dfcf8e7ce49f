// Database-independent: the Safe contracts on a dev chain only.
import {
  getCompatibilityFallbackHandlerDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
} from '@safe-global/safe-deployments';
import { createPublicClient, createWalletClient, getAddress, http, keccak256, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDevChain } from '../../test/dev-chain';
import {
  canonicalSafeContracts,
  DEV_CHAIN_ID,
  DEV_CHAIN_RELAYER_KEY,
  DEV_CHAIN_SAFE_CONTRACTS,
  encodeCreateProxyWithNonce,
  predictSafeAddress,
  SAFE_ARTIFACTS,
  type SafeDeploymentConfig,
  saltNonceFor,
} from './safe';

const OWNERS = [
  getAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
  getAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
];

describe('Safe v1.4.1 address prediction', () => {
  it('matches a published vector for the canonical v1.4.1 SafeProxyFactory', () => {
    // Published in nlordell/deadbeef issue #10 (a Safe vanity-address miner), mined against the
    // canonical v1.4.1 factory, the Safe singleton and the CompatibilityFallbackHandler:
    // one owner, threshold 1, salt nonce as printed; the miner's result was 0x11B3…C257.
    const config: SafeDeploymentConfig = {
      chainId: 1,
      proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
      singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
      fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
      owners: ['0x1fE926205440d6A61119d231FA28e1519514E2E5'],
      threshold: 1,
      saltNonce: 0xad1ae6aa9949e7cf639d106cd1663fb2827b7825f1f075f90cce816fae60df37n,
    };
    expect(predictSafeAddress(config)).toBe('0x11B3Ff10303D91Ba30Cda49dFf95FbE02c4cC257');
    // Every input is part of the address.
    expect(predictSafeAddress({ ...config, saltNonce: config.saltNonce + 1n })).not.toBe(
      '0x11B3Ff10303D91Ba30Cda49dFf95FbE02c4cC257',
    );
    expect(predictSafeAddress({ ...config, threshold: 2, owners: [...config.owners, ...OWNERS] })).not.toBe(
      '0x11B3Ff10303D91Ba30Cda49dFf95FbE02c4cC257',
    );
  });

  it('takes the canonical Arbitrum addresses from safe-deployments', () => {
    for (const chainId of [42161, 421614]) {
      expect(canonicalSafeContracts(chainId)).toEqual({
        singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
        proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
        fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
      });
    }
  });

  it('gives each organization its own salt nonce', () => {
    expect(saltNonceFor('00000000-0000-4000-8000-000000000001')).toBe(0x00000000000040008000000000000001n);
    expect(saltNonceFor('00000000-0000-4000-8000-000000000002')).not.toBe(
      saltNonceFor('00000000-0000-4000-8000-000000000001'),
    );
  });
});

describe('the dev chain', () => {
  beforeAll(async () => {
    await testDevChain();
  });

  it('runs the published Safe v1.4.1 code (same code hashes as the canonical deployments)', async () => {
    const chain = await testDevChain();
    const client = createPublicClient({ transport: http(chain.url) });
    const filter = { version: '1.4.1', network: '42161' };
    const expected = [
      [DEV_CHAIN_SAFE_CONTRACTS.singleton, getSafeL2SingletonDeployment(filter)],
      [DEV_CHAIN_SAFE_CONTRACTS.proxyFactory, getProxyFactoryDeployment(filter)],
      [DEV_CHAIN_SAFE_CONTRACTS.fallbackHandler, getCompatibilityFallbackHandlerDeployment(filter)],
    ] as const;
    expect(await client.getChainId()).toBe(DEV_CHAIN_ID);
    for (const [address, deployment] of expected) {
      const code = await client.getCode({ address });
      expect(code && keccak256(code)).toBe(deployment?.deployments.canonical?.codeHash);
    }
  });

  it('deploys a Safe exactly at the predicted address, with the owners and threshold asked for', async () => {
    const chain = await testDevChain();
    const transport = http(chain.url);
    const client = createPublicClient({ transport });
    const relayer = createWalletClient({
      transport,
      account: privateKeyToAccount(DEV_CHAIN_RELAYER_KEY),
      chain: {
        id: DEV_CHAIN_ID,
        name: 'dev',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.url] } },
      },
    });
    const config: SafeDeploymentConfig = {
      chainId: DEV_CHAIN_ID,
      ...DEV_CHAIN_SAFE_CONTRACTS,
      owners: OWNERS,
      threshold: 2,
      saltNonce: 42n,
    };
    const predicted = predictSafeAddress(config);
    expect(await client.getCode({ address: predicted })).toBeUndefined();

    const hash = await relayer.sendTransaction({
      to: config.proxyFactory,
      data: encodeCreateProxyWithNonce(config),
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const [created] = parseEventLogs({
      abi: SAFE_ARTIFACTS.proxyFactory.abi,
      eventName: 'ProxyCreation',
      logs: receipt.logs,
    }) as unknown as { args: { proxy: string } }[];

    expect(created?.args.proxy).toBe(predicted);
    const read = (functionName: 'getOwners' | 'getThreshold') =>
      client.readContract({ address: predicted, abi: SAFE_ARTIFACTS.safeL2.abi, functionName });
    expect(await read('getOwners')).toEqual(OWNERS);
    expect(await read('getThreshold')).toBe(2n);
  });
});
