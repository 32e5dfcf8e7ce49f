import { findNetwork, type TWalletChain } from '@dash/shared/contracts';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  keccak256,
  type Log,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devChainOf, evmChain } from '../../chain/index';
import type { ChainsConfig, WalletConfig } from '../../config';
import {
  encodeCreateProxyWithNonce,
  SAFE_ARTIFACTS,
  type SafeContracts,
  type SafeDeploymentConfig,
  safeContractsFor,
  WALLET_CHAINS,
} from './safe';

/** The chain refused the deployment itself (it would revert): retrying the same call cannot help. */
export class DeploymentRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeploymentRejectedError';
  }
}

export interface SignedDeployment {
  hash: Hex;
  raw: Hex;
  nonce: number;
}

export type ReceiptState = {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  /** The receipt's logs (the Safe's ExecutionSuccess / ExecutionFailure among them). */
  logs?: Log[];
} | null;

/** What the wallet module asks of a chain: one seam, so tests can watch or interrupt it. */
export interface WalletChainAccess {
  info: TWalletChain;
  contracts: SafeContracts;
  relayer: Address;
  /** True when a contract is deployed at the address. */
  hasCode(address: Address): Promise<boolean>;
  readSafe(address: Address): Promise<{ owners: Address[]; threshold: number }>;
  /** The Safe's nonce: the nonce its next executed transaction takes. */
  safeNonce(address: Address): Promise<bigint>;
  /** Simulates createProxyWithNonce (DeploymentRejectedError when it would revert) and returns its gas. */
  estimateDeployment(config: SafeDeploymentConfig): Promise<bigint>;
  /** The relayer's next nonce as the chain sees it (pending transactions included). */
  pendingNonce(): Promise<number>;
  /** How many of the relayer's transactions are mined (its next nonce in the latest block). */
  minedNonce(): Promise<number>;
  /** Signs createProxyWithNonce with the given nonce; nothing is sent. */
  signDeployment(config: SafeDeploymentConfig, nonce: number, gas: bigint): Promise<SignedDeployment>;
  /** Simulates a call from the relayer (DeploymentRejectedError when it would revert) and returns its gas. */
  estimateCall(to: Address, data: Hex): Promise<bigint>;
  /** Signs a call from the relayer with the given nonce and gas (headroom added); nothing is sent. */
  signCall(to: Address, data: Hex, nonce: number, gas: bigint): Promise<SignedDeployment>;
  /** Sends a signed transaction; sending one the node already knows is not an error. */
  broadcast(raw: Hex): Promise<void>;
  receipt(hash: Hex): Promise<ReceiptState>;
  /** True when the node knows the transaction (pending or mined). */
  knowsTransaction(hash: Hex): Promise<boolean>;
}

/** The revert reason, when the node tells one (e.g. Safe's GS203), else viem's short message. */
export function describeChainError(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.reason) return reverted.reason;
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const text = `${error.shortMessage} ${error.details ?? ''}`.toLowerCase();
  return (
    error.walk((cause) => cause instanceof ContractFunctionRevertedError) !== null ||
    text.includes('revert') ||
    text.includes('execution reverted')
  );
}

function alreadyKnown(error: unknown): boolean {
  const text = (
    error instanceof BaseError ? `${error.shortMessage} ${error.details ?? ''}` : String(error)
  ).toLowerCase();
  return (
    text.includes('already known') || text.includes('already imported') || text.includes('already exists')
  );
}

export function createWalletChainAccess(config: WalletConfig): WalletChainAccess {
  return chainAccess(WALLET_CHAINS[config.chain], config.rpcUrl, config.relayerKey);
}

/**
 * The networks the Safe may be deployed on, each with its access: WALLET_CHAIN's first (`home`, where
 * a new wallet is deployed), then, on the dev chains (WALLET_CHAIN=dev), every other local chain the
 * API watches (config.chains), paid by the same relayer, with the Safe contracts at the same
 * addresses. On a public chain, WALLET_CHAIN and the WALLET_NETWORKS networks (each at its
 * CHAIN_RPC_URLS endpoint, with the canonical Safe contracts), paid by the same relayer key (valid
 * on every EVM chain; it needs funds on each); any other is refused (WALLET_NETWORK_UNAVAILABLE).
 * `replace` swaps in an access of the same chain id (tests wrap one to watch or interrupt it).
 */
export interface WalletChains {
  home: WalletChainAccess;
  of(chainId: number): WalletChainAccess | undefined;
  list(): WalletChainAccess[];
}

export function createWalletChains(
  wallet: WalletConfig,
  chains: ChainsConfig,
  replace: readonly WalletChainAccess[] = [],
): WalletChains {
  const home = createWalletChainAccess(wallet);
  const others =
    wallet.chain === 'dev'
      ? chains.networks.flatMap((network) => {
          const dev = devChainOf(network.network);
          if (!network.local || !dev || network.chainId === home.info.id) return [];
          const info: TWalletChain = { id: network.chainId, name: dev.name, key: 'dev', isDevChain: true };
          return [chainAccess(info, network.rpcUrl, wallet.relayerKey)];
        })
      : (wallet.networks ?? []).map((network) => {
          const name = findNetwork(network.network)?.name ?? network.network;
          const info: TWalletChain = { id: network.chainId, name, key: network.network, isDevChain: false };
          return chainAccess(info, network.rpcUrl, wallet.relayerKey);
        });
  const all = [home, ...others].map(
    (access) => replace.find((candidate) => candidate.info.id === access.info.id) ?? access,
  );
  const byId = new Map(all.map((access) => [access.info.id, access]));
  return { home: all[0] as WalletChainAccess, of: (chainId) => byId.get(chainId), list: () => all };
}

function chainAccess(info: TWalletChain, rpcUrl: string, relayerKey: Hex): WalletChainAccess {
  const chain = evmChain({ id: info.id, name: info.name, rpcUrl });
  const client: PublicClient = createPublicClient({
    chain,
    transport: http(rpcUrl, { retryCount: 1 }),
  });
  const account = privateKeyToAccount(relayerKey);
  const contracts = safeContractsFor(info);

  return {
    info,
    contracts,
    relayer: account.address,

    async hasCode(address) {
      const code = await client.getCode({ address });
      return code !== undefined && code !== '0x';
    },

    async readSafe(address) {
      const [owners, threshold] = await Promise.all([
        client.readContract({ address, abi: SAFE_ARTIFACTS.safeL2.abi, functionName: 'getOwners' }),
        client.readContract({ address, abi: SAFE_ARTIFACTS.safeL2.abi, functionName: 'getThreshold' }),
      ]);
      if (!Array.isArray(owners) || typeof threshold !== 'bigint') {
        throw new Error(`The contract at ${address} does not answer like a Safe`);
      }
      return { owners: owners.map((owner) => getAddress(String(owner))), threshold: Number(threshold) };
    },

    async safeNonce(address) {
      const nonce = await client.readContract({
        address,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'nonce',
      });
      if (typeof nonce !== 'bigint')
        throw new Error(`The contract at ${address} does not answer like a Safe`);
      return nonce;
    },

    async estimateDeployment(safe) {
      try {
        return await client.estimateGas({
          account: account.address,
          to: safe.proxyFactory,
          data: encodeCreateProxyWithNonce(safe),
        });
      } catch (error) {
        if (isRevert(error)) {
          throw new DeploymentRejectedError(
            `The chain refused the deployment: ${describeChainError(error)}`,
            {
              cause: error,
            },
          );
        }
        throw error;
      }
    },

    pendingNonce() {
      return client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    },

    minedNonce() {
      return client.getTransactionCount({ address: account.address, blockTag: 'latest' });
    },

    async signDeployment(safe, nonce, gas) {
      const fees = await client.estimateFeesPerGas();
      const raw = await account.signTransaction({
        chainId: info.id,
        type: 'eip1559',
        to: safe.proxyFactory,
        data: encodeCreateProxyWithNonce(safe),
        nonce,
        // Headroom over the estimate: the Safe's setup cost does not vary, the block's base fee may.
        gas: (gas * 12n) / 10n,
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { hash: keccak256(raw), raw, nonce };
    },

    async estimateCall(to, data) {
      try {
        return await client.estimateGas({ account: account.address, to, data });
      } catch (error) {
        if (isRevert(error)) {
          throw new DeploymentRejectedError(`The chain refused it: ${describeChainError(error)}`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    async signCall(to, data, nonce, gas) {
      const fees = await client.estimateFeesPerGas();
      const raw = await account.signTransaction({
        chainId: info.id,
        type: 'eip1559',
        to,
        data,
        nonce,
        gas: (gas * 13n) / 10n,
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { hash: keccak256(raw), raw, nonce };
    },

    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        if (!alreadyKnown(error)) throw error;
      }
    },

    async receipt(hash) {
      try {
        const found = await client.getTransactionReceipt({ hash });
        return { status: found.status, blockNumber: found.blockNumber, logs: found.logs };
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },

    async knowsTransaction(hash) {
      try {
        await client.getTransaction({ hash });
        return true;
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return false;
        throw error;
      }
    },
  };
}
