import { toBaseUnits, tokenOf } from '@dash/shared/contracts';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_KEYS, devChainOf, evmChain } from '../chain/index';

/**
 * Paying and reading the dev chains' test tokens from a test, as a stranger would: the funder (a
 * funded key with ETH and no tokens) gets the amount from the treasury, then sends it.
 */
function clientsOf(rpcUrl: string, network: string) {
  const dev = devChainOf(network);
  if (!dev) throw new Error(`${network} is not a dev chain`);
  const chain = evmChain({ id: dev.chainId, name: dev.name, rpcUrl });
  const transport = http(rpcUrl);
  const wallet = (key: Hex) => createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
  return { client: createPublicClient({ chain, transport, cacheTime: 0 }), wallet };
}

function testToken(network: string, symbol: string) {
  const token = tokenOf(network, symbol, true);
  if (!token) throw new Error(`no ${symbol} on the ${network} dev chain`);
  return token;
}

/** Sends `amount` (a decimal string) of a test token from the funder to `to`; answers the transaction. */
export async function payDeposit(options: {
  rpcUrl: string;
  network: string;
  symbol: string;
  to: string;
  amount: string;
  from?: Hex;
}): Promise<{ hash: Hex; sender: Address; blockNumber: bigint }> {
  const { client, wallet } = clientsOf(options.rpcUrl, options.network);
  const token = testToken(options.network, options.symbol);
  const units = toBaseUnits(options.amount, token.decimals);
  const treasury = wallet(DEV_CHAIN_KEYS.treasury);
  const sender = wallet(options.from ?? DEV_CHAIN_KEYS.funder);
  const send = async (from: typeof treasury, to: Address) => {
    const hash = await from.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, units],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${options.symbol} transfer ${hash} reverted`);
    return receipt;
  };
  await send(treasury, sender.account.address);
  const receipt = await send(sender, options.to as Address);
  return { hash: receipt.transactionHash, sender: sender.account.address, blockNumber: receipt.blockNumber };
}

/** An address's balance of a test token, in base units. */
export function tokenBalance(options: {
  rpcUrl: string;
  network: string;
  symbol: string;
  address: string;
}): Promise<bigint> {
  const { client } = clientsOf(options.rpcUrl, options.network);
  return client.readContract({
    address: testToken(options.network, options.symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [options.address as Address],
  });
}

/** A public client of a dev chain (blocks, receipts, logs read fresh). */
export function devChainClient(rpcUrl: string, network: string): PublicClient {
  return clientsOf(rpcUrl, network).client;
}
