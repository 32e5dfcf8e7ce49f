import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the dev chains' contracts (contracts/: TestStablecoin on OpenZeppelin's ERC20, and
 * Multicall3) with solc from npm, once: the artifacts are kept in dev-chain/.build, keyed by a hash
 * of the sources and the compiler, so a build or a first start compiles and later starts reuse them.
 * solc and OpenZeppelin are development dependencies, like the dev chains themselves.
 */
export interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The sources live beside this file in the repository; the built bundle (api/dist) finds them from the API's root. */
const devChainDir = existsSync(path.join(here, 'contracts')) ? here : path.resolve(here, '..', 'dev-chain');
const CONTRACTS = { TestStablecoin: 'TestStablecoin.sol', Multicall3: 'Multicall3.sol' } as const;
type ContractName = keyof typeof CONTRACTS;
const EVM_VERSION = 'cancun';

export function devChainArtifacts(): Record<ContractName, ContractArtifact> {
  const require = createRequire(path.join(devChainDir, 'compile.ts'));
  const sources = Object.fromEntries(
    Object.values(CONTRACTS).map((file) => [
      file,
      readFileSync(path.join(devChainDir, 'contracts', file), 'utf8'),
    ]),
  );
  const source = Object.values(sources).join('\n');
  const ozRoot = path.dirname(require.resolve('@openzeppelin/contracts/package.json'));
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const ozVersion = (require('@openzeppelin/contracts/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(`${source}\n${solcVersion}\n${ozVersion}\n${EVM_VERSION}`)
    .digest('hex')
    .slice(0, 16);
  const cacheDir = path.join(devChainDir, '.build');
  const cached = path.join(cacheDir, `contracts-${key}.json`);
  if (existsSync(cached))
    return JSON.parse(readFileSync(cached, 'utf8')) as Record<ContractName, ContractArtifact>;

  const solc = require('solc') as { compile(input: string, options: unknown): string };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (importPath: string) => {
    const prefix = '@openzeppelin/contracts/';
    if (!importPath.startsWith(prefix)) return { error: `Not found: ${importPath}` };
    return { contents: readFileSync(path.join(ozRoot, importPath.slice(prefix.length)), 'utf8') };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `The dev chain contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const artifacts = {} as Record<ContractName, ContractArtifact>;
  for (const [name, file] of Object.entries(CONTRACTS) as [ContractName, string][]) {
    const compiled = output.contracts[file]?.[name];
    if (!compiled) throw new Error(`solc returned no ${name} contract`);
    artifacts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(artifacts));
  return artifacts;
}
