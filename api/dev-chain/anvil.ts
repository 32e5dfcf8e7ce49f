import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEV_CHAIN_MNEMONIC } from '../src/chain/dev-chains';

/**
 * One anvil node (Foundry's local EVM chain, from the npm package @foundry-rs/anvil, whose
 * platform package ships the binary): blocks mined as transactions arrive, the dev chains' four
 * funded accounts, and with `statePath` its state kept on disk (written every second and on exit,
 * read back on the next start). See docs/decisions/0004-dev-chain.md.
 */
export interface AnvilNode {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface AnvilOptions {
  chainId: number;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  statePath?: string;
}

const PLATFORM_PACKAGE: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
};

/** The anvil binary the npm package installed for this machine. */
export function anvilBinary(): string {
  const platformPackage = PLATFORM_PACKAGE[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`anvil has no build for ${process.platform}-${process.arch}`);
  const fromApi = createRequire(import.meta.url);
  const fromAnvil = createRequire(fromApi.resolve('@foundry-rs/anvil/package.json'));
  return path.join(path.dirname(fromAnvil.resolve(`${platformPackage}/package.json`)), 'bin', 'anvil');
}

/** Starts anvil, stops it (SIGTERM: it writes its state) when stdin closes, and exits with it. */
const WATCHDOG = [
  'bin="$1"; shift',
  // A background job's stdin is /dev/null unless redirected: keep the pipe on fd 3 for the reader.
  'exec 3<&0',
  '"$bin" "$@" & pid=$!',
  '(read -r _ <&3; kill -TERM "$pid" 2>/dev/null) & reader=$!',
  'wait "$pid"; status=$?',
  'kill "$reader" 2>/dev/null',
  'exit "$status"',
].join('\n');

export function startAnvil({
  chainId,
  port,
  host = '127.0.0.1',
  statePath,
}: AnvilOptions): Promise<AnvilNode> {
  const args = [
    '--chain-id',
    String(chainId),
    '--port',
    String(port),
    '--host',
    host,
    '--mnemonic',
    DEV_CHAIN_MNEMONIC,
    '--accounts',
    '4',
    '--balance',
    '1000000',
    '--hardfork',
    'cancun',
    ...(statePath ? ['--state', statePath, '--state-interval', '1'] : []),
  ];
  // anvil runs under a small sh watchdog that holds a pipe from this process: when this process
  // ends, however it ends (a SIGKILL included), the pipe closes and the watchdog stops anvil, so no
  // chain outlives its owner and holds its port. close() closes the pipe the same way.
  const child: ChildProcess = spawn('/bin/sh', ['-c', WATCHDOG, 'anvil-watchdog', anvilBinary(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<AnvilNode>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on ([\d.]+):(\d+)/.exec(output);
      if (!listening) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      const actualPort = Number(listening[2]);
      resolve({
        url: `http://${host}:${actualPort}`,
        port: actualPort,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.stdin?.end();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`anvil (chain ${chainId}) exited before listening (${signal ?? code}):\n${output}`)),
    );
  });
}
