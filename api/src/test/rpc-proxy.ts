import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * A JSON-RPC proxy in front of a chain, for tests: it counts the calls by method (eth_call,
 * eth_blockNumber…) and can play a chain that is down (every connection dropped unanswered) until
 * it is back. Closed when the test ends.
 */
export interface RpcProxy {
  url: string;
  /** The calls passed on, in order: method and params. */
  calls: { method: string; params: unknown[] }[];
  down(): void;
  up(): void;
}

interface RpcCall {
  method: string;
  params?: unknown[];
}

export async function rpcProxy(target: string): Promise<RpcProxy> {
  const calls: RpcProxy['calls'] = [];
  let isDown = false;
  const server = http.createServer((request, response) => {
    if (isDown) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        calls.push({ method: call.method, params: call.params ?? [] });
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    down: () => {
      isDown = true;
      server.closeAllConnections();
    },
    up: () => {
      isDown = false;
    },
  };
}
