// Database-independent: the sandbox provider and its dev chains only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toBaseUnits } from '@dash/shared/contracts';
import { type Address, erc20Abi, parseEventLogs } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevChains } from '../../../../dev-chain/chain';
import { DEV_CHAIN_TREASURY, DEV_CHAINS } from '../../../chain/dev-chains';
import { devChainClient, tokenBalance } from '../../../test/deposits';
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
const newWallet = () => privateKeyToAccount(generatePrivateKey()).address;

async function treasuryNonce(network: string) {
  return devChainClient(await rpcUrlOf(network), network).getTransactionCount({
    address: DEV_CHAIN_TREASURY,
  });
}

/** The token Transfer logs to `to` on the chain, all blocks. */
async function transfersTo(network: string, token: Address, to: string) {
  const client = devChainClient(await rpcUrlOf(network), network);
  const logs = await client.getLogs({ address: token, fromBlock: 0n, toBlock: 'latest' });
  return parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' }).filter(
    (log) => log.args.to.toLowerCase() === to.toLowerCase(),
  );
}

describe('the sandbox provider on chain: quotes and on-ramps', () => {
  it('refuses a quote on a network it has no chain or token for (400 unsupported_network)', async () => {
    const sandbox = await startChainSandbox();
    const quote = (currency: string, network: string) =>
      sandboxCall(sandbox, 'POST', '/v1/quotes', {
        body: { type: 'on_ramp', currency, network, amount: '100' },
      });
    for (const [currency, network] of [
      ['BRL', 'solana'],
      ['BRL', 'polygon'],
      // Its MXN stablecoin is USDC, which the polygon-amoy chain does not have.
      ['MXN', AMOY],
    ] as const) {
      const refused = await quote(currency, network);
      expect(refused.status, `${currency} on ${network}`).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'unsupported_network' } });
    }
    expect((await quote('BRL', AMOY)).status).toBe(201);
    expect((await quote('MXN', 'arbitrum-sepolia')).status).toBe(201);

    const chainless = await startChainSandbox({ chains: [] });
    const refused = await sandboxCall(chainless, 'POST', '/v1/quotes', {
      body: { type: 'off_ramp', currency: 'BRL', network: AMOY, amount: '100' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'unsupported_network' } });
  });

  it('sends exactly the quoted stablecoin to the wallet; the webhooks carry that transaction; a replay sends nothing', async () => {
    const sandbox = await startChainSandbox();
    for (const { currency, network, symbol, decimals, amount } of [
      { currency: 'BRL', network: AMOY, symbol: 'testbrz', decimals: 18, amount: '1000.00' },
      { currency: 'MXN', network: 'arbitrum-sepolia', symbol: 'USDC', decimals: 6, amount: '20000.00' },
    ] as const) {
      const wallet = newWallet();
      const rpcUrl = await rpcUrlOf(network);
      const nonceBefore = await treasuryNonce(network);
      const transfer = await createSandboxTransfer(
        sandbox,
        { type: 'on_ramp', currency, network, amount },
        wallet,
      );

      const paid = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`, {
        idempotencyKey: `paid-${transfer.id}`,
      });
      expect(paid.status).toBe(200);
      const { eventIds, transfer: view } = paid.body as {
        eventIds: string[];
        transfer: { status: string; txHash: string };
      };
      expect(eventIds).toHaveLength(3);
      const events = eventsOf(sandbox, transfer.id);
      expect(events.map((event) => event.type)).toEqual([
        'transfer.funds_received',
        'transfer.payment_submitted',
        'transfer.completed',
      ]);
      expect(events.map((event) => event.id)).toEqual(eventIds);
      const hash = view.txHash as `0x${string}`;
      expect(view.status).toBe('completed');
      expect(events[1]?.transfer.txHash).toBe(hash);
      expect(events[2]?.transfer.txHash).toBe(hash);

      // The chain agrees: one transfer of the quoted amount from the treasury, in that transaction.
      const units = toBaseUnits(transfer.targetAmount, decimals);
      expect(await tokenBalance({ rpcUrl, network, symbol, address: wallet })).toBe(units);
      const receipt = await devChainClient(rpcUrl, network).getTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect(
        parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).map((log) => log.args),
      ).toEqual([{ from: DEV_CHAIN_TREASURY, to: wallet, value: units }]);

      // The same request again, and the helper again with another key: the same delivery, nothing sent.
      const replayed = await sandboxCall(
        sandbox,
        'POST',
        `/v1/sandbox/transfers/${transfer.id}/funds-received`,
        {
          idempotencyKey: `paid-${transfer.id}`,
        },
      );
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      const again = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`);
      expect(again.status).toBe(200);
      expect((again.body as { eventIds: string[] }).eventIds).toEqual(eventIds);
      expect(await treasuryNonce(network)).toBe(nonceBefore + 1);
      const token = receipt.logs[0]?.address as Address;
      expect(await transfersTo(network, token, wallet)).toHaveLength(1);
      expect(await tokenBalance({ rpcUrl, network, symbol, address: wallet })).toBe(units);
    }
  });

  it('after a stop between signing and mining, a restart broadcasts the recorded transaction: one delivery', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-on-ramp-'));
    try {
      const anvil = await anvilOf(AMOY);
      const wallet = newWallet();
      const nonceBefore = await treasuryNonce(AMOY);
      const first = await startChainSandbox({ dataDir });
      const transfer = await createSandboxTransfer(
        first,
        { type: 'on_ramp', currency: 'BRL', network: AMOY, amount: '250.00' },
        wallet,
      );
      // The chain mines nothing now: the delivery is signed, recorded and broadcast, never mined.
      await anvil.setAutomine(false);
      const pending = sandboxCall(first, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`).catch(
        () => null,
      );
      const recorded = await until('the signed delivery', () => {
        const tx = first.store.state.transfers[transfer.id]?.delivery?.tx;
        return tx && first.store.state.transfers[transfer.id]?.status === 'payment_submitted'
          ? tx
          : undefined;
      });
      await first.close();
      await pending;
      // As if it had never reached the chain: the node forgets it.
      await anvil.request({ method: 'anvil_dropAllTransactions' } as never);
      await anvil.setAutomine(true);
      expect(await treasuryNonce(AMOY)).toBe(nonceBefore);

      const second = await startChainSandbox({ dataDir });
      const completed = await until('the completed transfer', async () => {
        const view = await sandboxTransfer(second, transfer.id);
        return view.status === 'completed' ? view : undefined;
      });
      expect(completed.txHash).toBe(recorded.hash);
      expect(eventsOf(second, transfer.id).map((event) => event.type)).toEqual([
        'transfer.funds_received',
        'transfer.payment_submitted',
        'transfer.completed',
      ]);
      const again = await sandboxCall(second, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`);
      expect((again.body as { eventIds: string[] }).eventIds).toHaveLength(3);
      expect(await treasuryNonce(AMOY)).toBe(nonceBefore + 1);
      const units = toBaseUnits(transfer.targetAmount, 18);
      expect(
        await tokenBalance({
          rpcUrl: await rpcUrlOf(AMOY),
          network: AMOY,
          symbol: 'testbrz',
          address: wallet,
        }),
      ).toBe(units);
    } finally {
      await (await anvilOf(AMOY)).setAutomine(true);
      // The running sandbox still saves its state into dataDir: stop it before removing the folder.
      await stopChainSandboxes();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('fails the transfer with the reason when the token refuses the transfer, and sends nothing', async () => {
    const sandbox = await startChainSandbox();
    const nonceBefore = await treasuryNonce(AMOY);
    const transfer = await createSandboxTransfer(
      sandbox,
      { type: 'on_ramp', currency: 'BRL', network: AMOY, amount: '100.00' },
      '0x0000000000000000000000000000000000000000',
    );
    const paid = await sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`);
    expect(paid.status).toBe(200);
    expect(eventsOf(sandbox, transfer.id).map((event) => event.type)).toEqual([
      'transfer.funds_received',
      'transfer.failed',
    ]);
    expect(await sandboxTransfer(sandbox, transfer.id)).toMatchObject({
      status: 'failed',
      txHash: null,
      failureReason:
        'The stablecoin could not be sent: the token refuses it: ERC20InvalidReceiver(0x0000000000000000000000000000000000000000).',
    });
    expect(await treasuryNonce(AMOY)).toBe(nonceBefore);
    // An address that is not one is refused when the transfer is created.
    const quoted = await sandboxCall(sandbox, 'POST', '/v1/quotes', {
      body: { type: 'on_ramp', currency: 'BRL', network: AMOY, amount: '100' },
    });
    const refused = await sandboxCall(sandbox, 'POST', '/v1/transfers', {
      body: {
        quoteId: (quoted.body as { id: string }).id,
        externalReference: 'x',
        destination: { kind: 'wallet', network: AMOY, address: 'not-an-address' },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('waits quietly for a chain that is not up yet, and delivers once it is', async () => {
    const port = await freePortPair();
    const chains = DEV_CHAINS.map((chain) => ({
      network: chain.network,
      chainId: chain.chainId,
      rpcUrl: `http://127.0.0.1:${port + chain.portOffset}`,
    }));
    const sandbox = await startChainSandbox({ chains });
    const wallet = newWallet();
    const transfer = await createSandboxTransfer(
      sandbox,
      { type: 'on_ramp', currency: 'BRL', network: AMOY, amount: '100.00' },
      wallet,
    );
    const paid = sandboxCall(sandbox, 'POST', `/v1/sandbox/transfers/${transfer.id}/funds-received`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await sandboxTransfer(sandbox, transfer.id)).status).toBe('funds_received');
    const late = await startDevChains({ port });
    try {
      const answer = await paid;
      expect(answer.status).toBe(200);
      expect((answer.body as { transfer: { status: string } }).transfer.status).toBe('completed');
      const rpcUrl = late.chains.find((chain) => chain.network === AMOY)?.url ?? '';
      expect(await tokenBalance({ rpcUrl, network: AMOY, symbol: 'testbrz', address: wallet })).toBe(
        toBaseUnits(transfer.targetAmount, 18),
      );
    } finally {
      await late.close();
    }
  });
});

/**
 * A free port whose next one is free too (the dev chains take two), below the kernel's ephemeral
 * range. The chains start on it only after the sandbox has waited for them, and meanwhile every
 * outgoing connection on the machine (this suite's, and the other database's suite running beside
 * it) takes its local port from that range: a port found free there (`listen(0)`) was once taken
 * by then, and anvil failed with "Address already in use".
 */
async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  // Not Linux (or a range that does not parse): the IANA range starts at 49152, so 32768 is below
  // it too. A range that parsed to NaN made every port drawn NaN, and the loop below endless.
  let ephemeralLow = 32768;
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const first = Number(range.trim().split(/\s+/)[0]);
  if (Number.isInteger(first) && first > 1024 + 2) ephemeralLow = first;
  const lowest = Math.max(1024, ephemeralLow - 12_000);
  for (;;) {
    const port = lowest + Math.floor(Math.random() * (ephemeralLow - 2 - lowest));
    if ((await listen(port)) && (await listen(port + 1))) return port;
  }
}
