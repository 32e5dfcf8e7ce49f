import { LOCAL_CHAIN_TOKENS, toBaseUnits } from '@dash/shared/contracts';
import { createPublicClient, createWalletClient, erc20Abi, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The stack's dev chains (npm start runs them from PORT+20: arbitrum-sepolia, then polygon-amoy)
 * as a test reads and pays on them: token balances, and a stranger's wallet (the dev chains' funder
 * key, public on purpose) that sends tokens, e.g. to an off-ramp's deposit address.
 */
const PORT = Number(process.env.E2E_PORT ?? 4300);
const RPC: Record<string, string> = {
  'arbitrum-sepolia': `http://127.0.0.1:${PORT + 20}`,
  'polygon-amoy': `http://127.0.0.1:${PORT + 21}`,
};
/** The dev chains' treasury (the sandbox provider's, holding every test token) and funder keys. */
const TREASURY_KEY: Hex = '0x6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c';
const FUNDER_KEY: Hex = '0x646f1ce2fdad0e6deeeb5c7e8e5543bdde65e86029e2fd9fc169899c440a7913';

function tokenOn(network: string, symbol: string) {
  const token = LOCAL_CHAIN_TOKENS.find(
    (candidate) => candidate.network === network && candidate.symbol === symbol,
  );
  const url = RPC[network];
  if (!token || !url) throw new Error(`no local ${symbol} on ${network}`);
  return { token, url };
}

/** The chain's newest block. */
export function headOf(network: string): Promise<bigint> {
  const url = RPC[network];
  if (!url) throw new Error(`no dev chain for ${network}`);
  return createPublicClient({ transport: http(url) }).getBlockNumber({ cacheTime: 0 });
}

/** The address's balance of the token, in base units. */
export async function tokenBalance(network: string, symbol: string, address: string): Promise<bigint> {
  const { token, url } = tokenOn(network, symbol);
  return createPublicClient({ transport: http(url) }).readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  });
}

/** `amount` of the token in base units (the one conversion). */
export function units(network: string, symbol: string, amount: string): bigint {
  return toBaseUnits(amount, tokenOn(network, symbol).token.decimals);
}

/** A stranger's wallet pays `amount` of the token to `to` (funded by the treasury first); mined when it returns. */
export async function payFromExternalWallet(network: string, symbol: string, to: string, amount: string) {
  const { token, url } = tokenOn(network, symbol);
  const client = createPublicClient({ transport: http(url) });
  const value = toBaseUnits(amount, token.decimals);
  const send = async (key: Hex, recipient: Hex) => {
    const wallet = createWalletClient({ transport: http(url), account: privateKeyToAccount(key) });
    const hash = await wallet.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, value],
      chain: null,
    });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    return hash;
  };
  await send(TREASURY_KEY, privateKeyToAccount(FUNDER_KEY).address);
  return send(FUNDER_KEY, to as Hex);
}
