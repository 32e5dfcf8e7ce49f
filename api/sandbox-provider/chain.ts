import { LOCAL_CHAIN_TOKENS, type TTokenRecord } from '@dash/shared/contracts';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { evmChain } from '../src/chain/index';
import type { Lifecycle } from './loops';
import type { SandboxSignedTx } from './store';

/**
 * One EVM chain the sandbox moves tokens on: its RPC, its test tokens (LOCAL_CHAIN_TOKENS of the
 * network) and the sandbox's sends on it. A send is signed and recorded by the caller before it is
 * broadcast; `broadcast` and `settle` only ever put those recorded bytes on the chain again, and a
 * transaction counts once its receipt is `confirmations` blocks deep. A chain that is not up (yet)
 * is retried quietly: `attempt` notes it in the log once and leaves the work for the next pass.
 */
export interface SandboxChainConfig {
  network: string;
  chainId: number;
  rpcUrl: string;
}

/** ERC-20 with OpenZeppelin's errors, so a refused transfer says why. */
export const TOKEN_ABI = [
  ...erc20Abi,
  ...parseAbi([
    'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    'error ERC20InvalidReceiver(address receiver)',
    'error ERC20InvalidSender(address sender)',
  ]),
] as const;

const RPC_TIMEOUT_MS = 5_000;

/** The contract's refusal in words (`ERC20InvalidReceiver(0x…)`), or null when the error is not a revert. */
export function revertReason(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return null;
  if (revert.data) return `${revert.data.errorName}(${(revert.data.args ?? []).map(String).join(', ')})`;
  return revert.reason ?? revert.shortMessage;
}

const message = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);

export class SandboxChain {
  readonly network: string;
  readonly chainId: number;
  readonly client: PublicClient;
  private readonly tokens: readonly TTokenRecord[];
  /**
   * Tokens the chain had no code or supply for when last asked (not deployed and minted yet, or a
   * chain from another state): nothing is sent on the chain until all are (asked again each pass).
   */
  private readonly undeployed = new Set<string>();
  private readonly unchecked: Set<string>;
  private chainIdChecked = false;
  private down = false;

  constructor(
    config: SandboxChainConfig,
    private readonly runtime: {
      confirmations: number;
      pollMs: number;
      lifecycle: Lifecycle;
      log: (line: string) => void;
    },
  ) {
    this.network = config.network;
    this.chainId = config.chainId;
    const chain = evmChain({ id: config.chainId, name: config.network, rpcUrl: config.rpcUrl });
    this.client = createPublicClient({
      chain,
      transport: http(config.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }),
      // Block numbers and receipts are read fresh each time: the watcher and the confirmations depend on it.
      cacheTime: 0,
    });
    this.tokens = LOCAL_CHAIN_TOKENS.filter((token) => token.network === config.network);
    this.unchecked = new Set(this.tokens.map((token) => token.address));
  }

  /** The network's test token of that symbol (the token table's: none, and the network is not offered). */
  token(symbol: string): TTokenRecord | undefined {
    return this.tokens.find((candidate) => candidate.symbol === symbol);
  }

  tokenAt(address: string): TTokenRecord | undefined {
    return this.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase());
  }

  get tokenAddresses(): Address[] {
    return this.tokens.map((token) => token.address);
  }

  /** Is the RPC the chain it is said to be (once), and which tokens are deployed (until all are)? */
  private async check(): Promise<void> {
    if (!this.chainIdChecked) {
      const chainId = await this.client.getChainId();
      if (chainId !== this.chainId) {
        throw new Error(`${this.network}'s RPC answers chain id ${chainId}, not ${this.chainId}`);
      }
      this.chainIdChecked = true;
    }
    for (const token of this.tokens) {
      if (!this.unchecked.has(token.address) && !this.undeployed.has(token.address)) continue;
      const code = await this.client.getCode({ address: token.address });
      const minted =
        Boolean(code && code !== '0x') &&
        (await this.client.readContract({
          address: token.address,
          abi: TOKEN_ABI,
          functionName: 'totalSupply',
        })) > 0n;
      if (minted) {
        this.undeployed.delete(token.address);
      } else if (!this.undeployed.has(token.address)) {
        this.undeployed.add(token.address);
        this.runtime.log(
          `${this.network}: ${token.symbol} is not deployed and minted at ${token.address} (yet); sending nothing`,
        );
      }
      this.unchecked.delete(token.address);
    }
  }

  /**
   * Runs `work` against the chain. A failure (the chain not up yet, a timeout) is logged once until
   * the chain answers again, and the work is left for the next pass. Answers whether it completed.
   * `sends` waits until every test token is deployed and minted: until then the dev chain's own
   * preparation is using the treasury's nonces.
   */
  async attempt(
    what: string,
    work: () => Promise<void>,
    options: { sends?: boolean } = {},
  ): Promise<boolean> {
    try {
      await this.check();
      if (options.sends && (this.unchecked.size > 0 || this.undeployed.size > 0)) {
        throw new Error('its test tokens are not all deployed and minted yet');
      }
      await work();
      if (this.down) this.runtime.log(`${this.network}: the chain answers again`);
      this.down = false;
      return true;
    } catch (error) {
      if (this.runtime.lifecycle.stopped) return false;
      if (!this.down) this.runtime.log(`${this.network}: ${what} failed (${message(error)}); retrying`);
      this.down = true;
      return false;
    }
  }

  /**
   * Signs a call or a payment from `account` with its next nonce: the chain's, or past the ones the
   * sandbox recorded and has not seen mined yet. Nothing is sent: the caller records it first.
   */
  async sign(
    account: PrivateKeyAccount,
    request: { to: Address; data?: Hex; value?: bigint },
    recordedNonces: number[],
  ): Promise<SandboxSignedTx> {
    const next = await this.client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const nonce = Math.max(next, ...recordedNonces.map((recorded) => recorded + 1));
    const gas = await this.client.estimateGas({ account: account.address, ...request });
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas();
    const raw = await account.signTransaction({
      chainId: this.chainId,
      type: 'eip1559',
      ...request,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    return {
      chainId: this.chainId,
      from: account.address,
      nonce,
      hash: keccak256(raw),
      raw,
      status: 'pending',
      maxCost: String(gas * maxFeePerGas),
      blockNumber: null,
    };
  }

  /**
   * Puts the recorded bytes on the chain. Already in the pool or mined is fine; a nonce the sender
   * has used for another transaction marks it dropped. Anything else is the chain's trouble: thrown.
   */
  async broadcast(tx: SandboxSignedTx): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: tx.raw });
    } catch (error) {
      if (await this.seen(tx)) return;
      const used = await this.client.getTransactionCount({ address: tx.from as Address, blockTag: 'latest' });
      if (used > tx.nonce && !(await this.receipt(tx.hash))) {
        tx.status = 'dropped';
        return;
      }
      throw error;
    }
  }

  /**
   * Waits until the transaction's receipt is `confirmations` blocks deep, broadcasting the recorded
   * bytes again whenever it is neither mined nor in the pool (a restart, a node that lost it, a
   * reorganisation); then it is confirmed or reverted. Never gives up on a timer.
   */
  async settle(tx: SandboxSignedTx, confirmations = this.runtime.confirmations): Promise<void> {
    for (;;) {
      if (tx.status === 'dropped') return;
      const receipt = await this.receipt(tx.hash);
      if (receipt) {
        const head = await this.client.getBlockNumber();
        if (head - receipt.blockNumber + 1n >= BigInt(confirmations)) {
          tx.status = receipt.status === 'success' ? 'confirmed' : 'reverted';
          tx.blockNumber = String(receipt.blockNumber);
          return;
        }
      } else if (!(await this.seen(tx))) {
        await this.broadcast(tx);
      }
      await this.runtime.lifecycle.sleep(this.runtime.pollMs);
    }
  }

  private async seen(tx: SandboxSignedTx): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash: tx.hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  private async receipt(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await this.client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }
}
