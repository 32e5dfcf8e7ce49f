import { createRequire } from 'node:module';
import type { TWalletChain, TWalletChainKey } from '@dash/shared/contracts';
import {
  getCompatibilityFallbackHandlerDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
} from '@safe-global/safe-deployments';
import {
  type Abi,
  type Address,
  concat,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  toHex,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_KEYS } from '../../chain/dev-chains';

/**
 * Safe v1.4.1 as published: bytecode and ABIs from @safe-global/safe-contracts, the canonical
 * addresses on Arbitrum from @safe-global/safe-deployments, and the CREATE2 address prediction the
 * SafeProxyFactory performs on chain.
 */
export const SAFE_VERSION = '1.4.1';

interface Artifact {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

const require = createRequire(import.meta.url);
const artifact = (path: string): Artifact =>
  require(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`) as Artifact;

export const SAFE_ARTIFACTS = {
  safeL2: artifact('SafeL2.sol/SafeL2.json'),
  proxyFactory: artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json'),
  proxy: artifact('proxies/SafeProxy.sol/SafeProxy.json'),
  fallbackHandler: artifact('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json'),
};

export interface SafeContracts {
  proxyFactory: Address;
  singleton: Address;
  fallbackHandler: Address;
}

/** The dev chains' relayer and Safe deployer (src/chain/dev-chains.ts); the wallet's dev chain is local Arbitrum Sepolia. */
export const DEV_CHAIN_RELAYER_KEY: Hex = DEV_CHAIN_KEYS.relayer;
export const DEV_CHAIN_DEPLOYER_KEY: Hex = DEV_CHAIN_KEYS.deployer;
export const DEV_CHAIN_ID = 421614;

const devDeployer = privateKeyToAccount(DEV_CHAIN_DEPLOYER_KEY).address;

/** The order the dev chain deploys them in: the deployer's nonce of each creation. */
export const DEV_CHAIN_DEPLOY_ORDER = ['singleton', 'proxyFactory', 'fallbackHandler'] as const;

export const DEV_CHAIN_SAFE_CONTRACTS: SafeContracts = {
  singleton: getContractAddress({ from: devDeployer, nonce: 0n }),
  proxyFactory: getContractAddress({ from: devDeployer, nonce: 1n }),
  fallbackHandler: getContractAddress({ from: devDeployer, nonce: 2n }),
};

export const WALLET_CHAINS: Record<TWalletChainKey, TWalletChain> = {
  dev: { id: DEV_CHAIN_ID, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true },
  'arbitrum-one': { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false },
  'arbitrum-sepolia': { id: 421614, name: 'Arbitrum Sepolia', key: 'arbitrum-sepolia', isDevChain: false },
};

/** The canonical Safe v1.4.1 deployment on a public chain, as safe-deployments lists it. */
export function canonicalSafeContracts(chainId: number): SafeContracts {
  const network = String(chainId);
  const filter = { version: SAFE_VERSION, network, released: true };
  const pick = (
    deployment: { networkAddresses: Record<string, string | string[]> } | undefined,
    name: string,
  ) => {
    const found = deployment?.networkAddresses[network];
    const address = Array.isArray(found) ? found[0] : found;
    if (!address) throw new Error(`Safe ${SAFE_VERSION} ${name} is not deployed on chain ${chainId}`);
    return getAddress(address);
  };
  return {
    singleton: pick(getSafeL2SingletonDeployment(filter), 'SafeL2'),
    proxyFactory: pick(getProxyFactoryDeployment(filter), 'SafeProxyFactory'),
    fallbackHandler: pick(getCompatibilityFallbackHandlerDeployment(filter), 'CompatibilityFallbackHandler'),
  };
}

export function safeContractsFor(chain: TWalletChain): SafeContracts {
  return chain.isDevChain ? DEV_CHAIN_SAFE_CONTRACTS : canonicalSafeContracts(chain.id);
}

/** Everything that decides a Safe's address: stored before any transaction is sent. */
export interface SafeDeploymentConfig extends SafeContracts {
  chainId: number;
  /** In this order: the order is part of the initializer, so of the address. */
  owners: Address[];
  threshold: number;
  saltNonce: bigint;
}

/** Safe.setup(owners, threshold, to, data, fallbackHandler, paymentToken, payment, paymentReceiver). */
export function encodeSafeSetup(config: SafeDeploymentConfig): Hex {
  return encodeFunctionData({
    abi: SAFE_ARTIFACTS.safeL2.abi,
    functionName: 'setup',
    args: [
      config.owners,
      BigInt(config.threshold),
      zeroAddress,
      '0x',
      config.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
}

export function encodeCreateProxyWithNonce(config: SafeDeploymentConfig): Hex {
  return encodeFunctionData({
    abi: SAFE_ARTIFACTS.proxyFactory.abi,
    functionName: 'createProxyWithNonce',
    args: [config.singleton, encodeSafeSetup(config), config.saltNonce],
  });
}

/**
 * The address SafeProxyFactory.createProxyWithNonce gives this configuration: CREATE2 from the
 * factory with salt keccak256(keccak256(initializer) ++ saltNonce) and init code
 * SafeProxy creation code ++ singleton as uint256.
 */
export function predictSafeAddress(config: SafeDeploymentConfig): Address {
  const salt = keccak256(concat([keccak256(encodeSafeSetup(config)), toHex(config.saltNonce, { size: 32 })]));
  const initCode = concat([SAFE_ARTIFACTS.proxy.bytecode, pad(config.singleton, { size: 32 })]);
  return getContractAddress({ opcode: 'CREATE2', from: config.proxyFactory, salt, bytecode: initCode });
}

/** One salt nonce per organization (its uid as a number): two organizations never share an address. */
export function saltNonceFor(organizationUid: string): bigint {
  return BigInt(`0x${organizationUid.replaceAll('-', '')}`);
}
