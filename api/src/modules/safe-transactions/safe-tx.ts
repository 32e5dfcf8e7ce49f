import type { TSafeTx } from '@dash/shared/contracts';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  hashDomain,
  hashStruct,
  hashTypedData,
  isHex,
  recoverAddress,
  recoverMessageAddress,
  zeroAddress,
} from 'viem';

/**
 * Safe v1.4.1's EIP-712 SafeTx: its domain (chain id and the Safe's address), its fields, and the
 * safeTxHash every owner signs, computed with viem as the contract's getTransactionHash does. Also
 * what a signature must be for the Safe to take it, and the packing execTransaction expects.
 */

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

const EIP712_DOMAIN_TYPES = {
  EIP712Domain: [
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
} as const;

export interface SafeRef {
  chainId: number;
  address: Address;
}

/** A SafeTx calling nothing but `to` with `data`: no ETH, a plain call, no gas refund. */
export function plainSafeTx(to: Address, data: Hex, nonce: bigint): TSafeTx {
  return {
    to: getAddress(to),
    value: '0',
    data,
    operation: 0,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: nonce.toString(),
  };
}

/** An ERC-20 transfer of `units` to `recipient`, from the Safe. */
export function tokenTransferTx(token: Address, recipient: Address, units: bigint, nonce: bigint): TSafeTx {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, units] });
  return plainSafeTx(token, data, nonce);
}

/** The rejection of `nonce`: the empty transaction to the Safe itself, as Safe{Wallet} proposes it. */
export function rejectionTx(safe: Address, nonce: bigint): TSafeTx {
  return plainSafeTx(safe, '0x', nonce);
}

function message(tx: TSafeTx) {
  return {
    to: getAddress(tx.to),
    value: BigInt(tx.value),
    data: tx.data as Hex,
    operation: tx.operation,
    safeTxGas: BigInt(tx.safeTxGas),
    baseGas: BigInt(tx.baseGas),
    gasPrice: BigInt(tx.gasPrice),
    gasToken: getAddress(tx.gasToken),
    refundReceiver: getAddress(tx.refundReceiver),
    nonce: BigInt(tx.nonce),
  };
}

const domainOf = (safe: SafeRef) => ({ chainId: safe.chainId, verifyingContract: getAddress(safe.address) });

export function safeTxTypedData(safe: SafeRef, tx: TSafeTx) {
  return {
    domain: domainOf(safe),
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx' as const,
    message: message(tx),
  };
}

/** The typed data as eth_signTypedData_v4 takes it (JSON, with the domain type, bigints as strings). */
function typedDataJson(typed: ReturnType<typeof safeTxTypedData>): string {
  return JSON.stringify({ ...typed, types: { ...EIP712_DOMAIN_TYPES, ...SAFE_TX_TYPES } }, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

export function safeTxHash(safe: SafeRef, tx: TSafeTx): Hex {
  return hashTypedData(safeTxTypedData(safe, tx));
}

/**
 * What a transaction's page shows of what is signed: the EIP-712 domain separator and the SafeTx
 * struct hash (what a hardware wallet shows), and the typed data as eth_signTypedData_v4 takes it.
 */
export function safeTxSignedForms(
  safe: SafeRef,
  tx: TSafeTx,
): { domainHash: Hex; messageHash: Hex; typedData: string } {
  const typed = safeTxTypedData(safe, tx);
  return {
    domainHash: hashDomain({
      domain: { chainId: BigInt(safe.chainId), verifyingContract: typed.domain.verifyingContract },
      types: { ...EIP712_DOMAIN_TYPES },
    }),
    messageHash: hashStruct({ data: typed.message, primaryType: 'SafeTx', types: SAFE_TX_TYPES }),
    typedData: typedDataJson(typed),
  };
}

/** The SafeTx fields execTransaction and getTransactionHash take first, in their order (the nonce and signatures follow). */
export function safeTxArgs(tx: TSafeTx) {
  return [
    getAddress(tx.to),
    BigInt(tx.value),
    tx.data as Hex,
    tx.operation,
    BigInt(tx.safeTxGas),
    BigInt(tx.baseGas),
    BigInt(tx.gasPrice),
    getAddress(tx.gasToken),
    getAddress(tx.refundReceiver),
  ] as const;
}

/** secp256k1's order over two: a signature with a higher s is the malleable twin, which we refuse. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

export type RecoveredSignature =
  | { ok: true; owner: Address; signature: Hex }
  | { ok: false; problem: 'malformed' };

/**
 * Who signed `hash`: an EIP-712 signature (v 27/28) recovers over the hash itself; an eth_sign one
 * (v 31/32, as the Safe marks it) over the EIP-191 prefixed hash. Low s only. The signature comes
 * back as the Safe takes it (v kept).
 */
export async function recoverSafeSignature(hash: Hex, signature: string): Promise<RecoveredSignature> {
  if (!isHex(signature) || signature.length !== 132) return { ok: false, problem: 'malformed' };
  const v = Number.parseInt(signature.slice(130), 16);
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (r === 0n || s === 0n || s > HALF_N) return { ok: false, problem: 'malformed' };
  try {
    if (v === 27 || v === 28) {
      return { ok: true, owner: await recoverAddress({ hash, signature }), signature };
    }
    if (v === 31 || v === 32) {
      const standard = `${signature.slice(0, 130)}${(v - 4).toString(16)}` as Hex;
      const owner = await recoverMessageAddress({ message: { raw: hash }, signature: standard });
      return { ok: true, owner, signature };
    }
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  return { ok: false, problem: 'malformed' };
}

/** The signatures execTransaction takes: each 65 bytes, sorted by owner address ascending. */
export function packSignatures(confirmations: readonly { owner: string; signature: string }[]): Hex {
  const sorted = [...confirmations].sort((a, b) =>
    BigInt(a.owner) < BigInt(b.owner) ? -1 : BigInt(a.owner) > BigInt(b.owner) ? 1 : 0,
  );
  return `0x${sorted.map((entry) => entry.signature.slice(2)).join('')}`;
}
