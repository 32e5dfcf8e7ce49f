// Database-independent: the sandbox provider and its dev chain only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toBaseUnits } from '@dash/shared/contracts';
import { erc20Abi, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../../../sandbox-provider/server';
import { depositAccountOf } from '../../../../sandbox-provider/transfers';
import { DEV_CHAIN_KEYS, devChainOf } from '../../../chain/dev-chains';
import { devChainClient, payDeposit, tokenBalance } from '../../../test/deposits';
import {
  anvilOf,
  createSandboxTransfer,
  eventsOf,
  rpcUrlOf,
  sandboxCall,
  sandboxTransfer,
  startChainSandbox,
  stopChainSandboxes,
  until,
} from '../../../test/sandbox-chain';

afterEach(stopChainSandboxes);

const AMOY = 'polygon-amoy';
const ARB = 'arbitrum-sepolia';
const FUNDER = privateKeyToAccount(DEV_CHAIN_KEYS.funder).address;

function offRamp(sandbox: SandboxProvider, currency: 'BRL' | 'MXN', amount: string) {
  return createSandboxTransfer(sandbox, {
    type: 'off_ramp',
    currency,
    network: currency === 'BRL' ? AMOY : ARB,
    amount,
  });
}

/** Pays the transfer's deposit address from the funder (`amount`, or the amount asked). */
async function pay(transfer: Awaited<ReturnType<typeof offRamp>>, amount?: string) {
  const instructions = transfer.instructions as {
    network: string;
    address: string;
    amount: string;
    symbol: string;
  };
  return payDeposit({
    rpcUrl: await rpcUrlOf(instructions.network),
    network: instructions.network,
    symbol: instructions.symbol,
    to: instructions.address,
    amount: amount ?? instructions.amount,
  });
}

function statusOf(sandbox: SandboxProvider, id: string, status: string) {
  return until(`${id} ${status}`, async () => {
    const view = await sandboxTransfer(sandbox, id);
    return view.status === status ? view : undefined;
  });
}

async function balanceOf(network: string, symbol: string, address: string) {
  return tokenBalance({ rpcUrl: await rpcUrlOf(network), network, symbol, address });
}

describe('the sandbox provider on chain: off-ramps', () => {
  it('gives each off-ramp a deposit address of its own and credits the exact amount once', async () => {
    const sandbox = await startChainSandbox();
    const transfer = await offRamp(sandbox, 'BRL', '500');
    const other = await offRamp(sandbox, 'BRL', '500');
    const address = depositAccountOf(DEV_CHAIN_KEYS.treasury, transfer.id).address;
    expect(transfer.instructions).toEqual({
      kind: 'crypto',
      network: AMOY,
      address,
      amount: '500.000000',
      symbol: 'testbrz',
      memo: null,
    });
    expect((other.instructions as { address: string }).address).not.toBe(address);

    const paid = await pay(transfer);
    const submitted = await statusOf(sandbox, transfer.id, 'payment_submitted');
    expect(submitted).toMatchObject({
      txHash: paid.hash,
      deposit: { txHash: paid.hash, sender: FUNDER, amount: '500', symbol: 'testbrz' },
      returnTxHash: null,
    });
    expect(submitted.payoutReference).toMatch(/^E/);
    expect(eventsOf(sandbox, transfer.id).map((event) => event.type)).toEqual([
      'transfer.funds_received',
      'transfer.payment_submitted',
    ]);
    expect(await balanceOf(AMOY, 'testbrz', address)).toBe(toBaseUnits('500', 18));
    // Nothing arrived for the other one.
    expect((await sandboxTransfer(sandbox, other.id)).status).toBe('awaiting_funds');
    expect(Object.values(sandbox.store.state.creditedLogs)).toEqual([transfer.id]);
  });

  it('sends a deposit of another amount back to its sender and ends the transfer returned, saying so', async () => {
    const sandbox = await startChainSandbox();
    const transfer = await offRamp(sandbox, 'MXN', '100');
    const address = (transfer.instructions as { address: string }).address;
    const before = await balanceOf(ARB, 'USDC', FUNDER);
    const paid = await pay(transfer, '90');
    expect(await balanceOf(ARB, 'USDC', FUNDER)).toBe(before);

    const returned = await statusOf(sandbox, transfer.id, 'returned');
    const returnTx = returned.returnTxHash as `0x${string}`;
    expect(returned).toMatchObject({
      failureReason: `Received 90 USDC instead of 100 USDC; returned to ${FUNDER} in ${returnTx}`,
      txHash: paid.hash,
      deposit: { txHash: paid.hash, sender: FUNDER, amount: '90', symbol: 'USDC' },
    });
    expect(eventsOf(sandbox, transfer.id).map((event) => event.type)).toEqual(['transfer.returned']);
    // On chain: the 90 went back from the deposit address, in that transaction.
    expect(await balanceOf(ARB, 'USDC', FUNDER)).toBe(before + toBaseUnits('90', 6));
    expect(await balanceOf(ARB, 'USDC', address)).toBe(0n);
    const receipt = await devChainClient(await rpcUrlOf(ARB), ARB).getTransactionReceipt({ hash: returnTx });
    expect(
      parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).map((log) => log.args),
    ).toEqual([{ from: address, to: FUNDER, value: toBaseUnits('90', 6) }]);
  });

  it('sends the deposit of a returned off-ramp back to its sender, once', async () => {
    const sandbox = await startChainSandbox();
    const transfer = await offRamp(sandbox, 'BRL', '75.5');
    const address = (transfer.instructions as { address: string }).address;
    await pay(transfer);
    await statusOf(sandbox, transfer.id, 'payment_submitted');
    const before = await balanceOf(AMOY, 'testbrz', FUNDER);

    const returned = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/return`, {
      body: { reason: 'Account closed' },
    });
    expect(returned.status).toBe(200);
    const view = (returned.body as { transfer: Awaited<ReturnType<typeof sandboxTransfer>> }).transfer;
    expect(view).toMatchObject({ status: 'returned', failureReason: 'Account closed' });
    const again = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/return`, {
      body: { reason: 'Account closed' },
    });
    expect((again.body as { eventIds: string[] }).eventIds).toEqual(
      (returned.body as { eventIds: string[] }).eventIds,
    );
    expect(await balanceOf(AMOY, 'testbrz', FUNDER)).toBe(before + toBaseUnits('75.5', 18));
    expect(await balanceOf(AMOY, 'testbrz', address)).toBe(0n);
    expect(view.returnTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sandbox.store.state.transfers[transfer.id]?.returns).toHaveLength(1);
  });

  it('gives the deposit of an off-ramp whose payout failed back to its sender, and ends it returned', async () => {
    const sandbox = await startChainSandbox();
    const transfer = await offRamp(sandbox, 'MXN', '64.25');
    const address = (transfer.instructions as { address: string }).address;
    await pay(transfer);
    await statusOf(sandbox, transfer.id, 'payment_submitted');
    const before = await balanceOf(ARB, 'USDC', FUNDER);

    const failed = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/payout-failed`, {
      body: {},
    });
    expect(failed.status).toBe(200);
    const view = (failed.body as { transfer: Awaited<ReturnType<typeof sandboxTransfer>> }).transfer;
    expect(view).toMatchObject({
      status: 'returned',
      failureReason: `The receiving bank rejected the payout. The deposit was sent back to ${FUNDER}.`,
    });
    expect(await balanceOf(ARB, 'USDC', FUNDER)).toBe(before + toBaseUnits('64.25', 6));
    expect(await balanceOf(ARB, 'USDC', address)).toBe(0n);
    expect(view.returnTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('sends a deposit to an off-ramp that no longer waits (canceled) back to its sender', async () => {
    const sandbox = await startChainSandbox();
    const transfer = await offRamp(sandbox, 'MXN', '40');
    const address = (transfer.instructions as { address: string }).address;
    const canceled = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/cancel`, {});
    expect(canceled.status).toBe(200);
    const before = await balanceOf(ARB, 'USDC', FUNDER);
    await pay(transfer);
    await until('the late deposit sent back', async () =>
      (await balanceOf(ARB, 'USDC', address)) === 0n &&
      (await balanceOf(ARB, 'USDC', FUNDER)) === before + toBaseUnits('40', 6)
        ? true
        : undefined,
    );
    expect((await sandboxTransfer(sandbox, transfer.id)).status).toBe('canceled');
  });

  it('never credits a deposit that a reorganisation removed before its confirmations', async () => {
    const sandbox = await startChainSandbox({ confirmations: 2 });
    const anvil = await anvilOf(AMOY);
    const client = devChainClient(await rpcUrlOf(AMOY), AMOY);
    const cursor = () =>
      BigInt(sandbox.store.state.chainCursors[String(devChainOf(AMOY)?.chainId)]?.lastBlock ?? -9);
    const transfer = await offRamp(sandbox, 'BRL', '40');
    const paid = await pay(transfer);
    // One confirmation only: the watcher reads up to the block before the deposit's.
    await until('the block before the deposit read', () =>
      cursor() >= paid.blockNumber - 1n ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cursor()).toBe(paid.blockNumber - 1n);

    // The deposit's block is replaced by an empty one; the chain goes on.
    await anvil.request({ method: 'anvil_reorg', params: [1, []] } as never);
    await anvil.mine({ blocks: 3 });
    const head = await client.getBlockNumber();
    expect(head).toBeGreaterThan(paid.blockNumber);
    await until('the blocks past the deposit read', () => (cursor() >= head - 1n ? true : undefined));
    expect((await sandboxTransfer(sandbox, transfer.id)).status).toBe('awaiting_funds');
    expect(eventsOf(sandbox, transfer.id)).toEqual([]);
    expect(sandbox.store.state.creditedLogs).toEqual({});

    // Paid for real this time: credited once the block has its second confirmation.
    const real = await pay(transfer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sandboxTransfer(sandbox, transfer.id)).status).toBe('awaiting_funds');
    await anvil.mine({ blocks: 1 });
    expect(await statusOf(sandbox, transfer.id, 'payment_submitted')).toMatchObject({ txHash: real.hash });
  });

  it('resumes after a restart from its last processed block: a deposit made while down counts, none twice', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-off-ramp-'));
    try {
      const first = await startChainSandbox({ dataDir });
      const early = await offRamp(first, 'MXN', '30');
      const late = await offRamp(first, 'MXN', '31');
      const paidEarly = await pay(early);
      await statusOf(first, early.id, 'payment_submitted');
      await first.close();
      const saved = JSON.parse(await readFile(path.join(dataDir, 'state.json'), 'utf8')) as {
        chainCursors: Record<string, { lastBlock: string }>;
      };
      const kept = BigInt(saved.chainCursors[String(devChainOf(ARB)?.chainId)]?.lastBlock ?? -1);
      expect(kept).toBeGreaterThanOrEqual(paidEarly.blockNumber);

      const paidLate = await pay(late);
      expect(paidLate.blockNumber).toBeGreaterThan(kept);
      const second = await startChainSandbox({ dataDir });
      expect(await statusOf(second, late.id, 'payment_submitted')).toMatchObject({ txHash: paidLate.hash });
      expect(eventsOf(second, early.id).map((event) => event.type)).toEqual([
        'transfer.funds_received',
        'transfer.payment_submitted',
      ]);
      expect(Object.values(second.store.state.creditedLogs).sort()).toEqual([early.id, late.id].sort());
      expect(await balanceOf(ARB, 'USDC', (late.instructions as { address: string }).address)).toBe(
        toBaseUnits('31', 6),
      );
    } finally {
      // The running sandbox still saves its state into dataDir: stop it before removing the folder.
      await stopChainSandboxes();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
