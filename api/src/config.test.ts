import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_INBOUND_SECRET, loadConfig, REPO_ROOT } from './config';
import { createWalletChains } from './modules/wallet/chain';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('Expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3001,
      publicUrl: 'http://localhost:3000',
      allowedOrigins: ['http://localhost:3000'],
      dataDir: path.join(REPO_ROOT, '.data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Dash <no-reply@dash.localhost>',
      authAllowlist: null,
      authRateLimitPerEmail: 5,
      authRateLimitPerIp: 30,
      jobRetentionHours: 168,
      nodeEnv: 'development',
      logLevel: 'info',
      sessionCookieName: 'dash_session',
      trustProxy: false,
      outboxEnabled: true,
    });
    expect(config.remotes.map((remote) => `${remote.name}@${remote.version}=${remote.entry}`)).toEqual([
      'remote-messages@dev=http://localhost:3011/mf-manifest.json',
      'remote-wallet@dev=http://localhost:3012/mf-manifest.json',
      'remote-rails@dev=http://localhost:3013/mf-manifest.json',
      'remote-settings@dev=http://localhost:3014/mf-manifest.json',
    ]);
  });

  it('the repository root is the folder holding api/', () => {
    expect(path.basename(path.join(REPO_ROOT, 'api'))).toBe('api');
    expect(loadConfig({}).dataDir).toBe(path.resolve(REPO_ROOT, '.data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      API_HOST: '0.0.0.0',
      API_PORT: '4000',
      PUBLIC_URL: 'https://dash.example/',
      ALLOWED_ORIGINS: ' https://admin.example , http://localhost:5173/ignored-path',
      DATA_DIR: '/var/lib/dash',
      DATABASE_URL: 'postgres://dash@db.internal:5432/dash',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      MAIL_FROM: 'Dash <hello@dash.example>',
      AUTH_ALLOWLIST: 'Boss@Acme.example, partner.example ,',
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '100',
      JOB_RETENTION_HOURS: '48',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      REMOTES: 'remote-wallet@1.2.3=https://cdn.example/wallet/mf-manifest.json?v=2',
      SESSION_COOKIE_NAME: '__dash',
      TRUST_PROXY: 'true',
      INBOUND_SECRET: 'inbound-secret-0123456789',
      UPLOAD_SECRET: 'upload-secret-0123456789abcdef0123456789',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 4000,
      publicUrl: 'https://dash.example',
      allowedOrigins: ['https://dash.example', 'https://admin.example', 'http://localhost:5173'],
      dataDir: '/var/lib/dash',
      databaseUrl: 'postgres://dash@db.internal:5432/dash',
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      authRateLimitPerEmail: 3,
      authRateLimitPerIp: 100,
      jobRetentionHours: 48,
      nodeEnv: 'production',
      logLevel: 'warn',
      remotes: [
        { name: 'remote-wallet', version: '1.2.3', entry: 'https://cdn.example/wallet/mf-manifest.json?v=2' },
      ],
      sessionCookieName: '__dash',
      trustProxy: true,
      outboxEnabled: false,
    });
    expect(config.authAllowlist).toEqual({
      emails: new Set(['boss@acme.example']),
      domains: new Set(['partner.example']),
    });
  });

  it('resolves a relative DATA_DIR from the repository root and treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/data', DATABASE_URL: '', AUTH_ALLOWLIST: '' });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'tmp/data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authAllowlist).toBeNull();
  });

  it('turns the outbox off with SMTP', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025' }).outboxEnabled).toBe(false);
  });

  it('names every problem at once', () => {
    const problems = problemsOf({
      API_PORT: 'eighty',
      PUBLIC_URL: 'ftp://dash.example',
      DATABASE_URL: 'mysql://db',
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_ALLOWLIST: 'not an address@, acme',
      NODE_ENV: 'staging',
      REMOTES: 'remote-unknown@1=http://x.example/mf.json,remote-wallet=http://x.example',
    });
    expect(problems).toEqual([
      'API_PORT: must be a port number',
      'PUBLIC_URL: must be an http(s) URL',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      expect.stringMatching(/^AUTH_ALLOWLIST: "not an address@" is not a valid e-mail address/),
      'AUTH_ALLOWLIST: "acme" is not a valid domain',
      'AUTH_RATE_LIMIT_PER_IP: must be at least 1',
      'NODE_ENV: must be one of development, test, production',
      expect.stringMatching(/^REMOTES: "remote-unknown@1=.*": name: /),
      'REMOTES: "remote-wallet=http://x.example" is not name@version=entryUrl',
    ]);
  });

  it('refuses production without SMTP, since the outbox is development only, and without signing keys', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SMTP_URL: is required when NODE_ENV=production (the local outbox is development only)',
      'INBOUND_SECRET: is required when NODE_ENV=production (signs POST inbound/email)',
      'UPLOAD_SECRET: is required when NODE_ENV=production (signs upload URLs)',
    ]);
  });

  it('reads the Message Center variables: mail domain, inbound SMTP port after API_PORT, limits, blob store', () => {
    const defaults = loadConfig({ API_PORT: '5401', DATA_DIR: '/srv/dash' });
    expect(defaults.messages).toMatchObject({
      clientMailDomain: 'client.dash.localhost',
      inboundSecret: DEV_INBOUND_SECRET,
      inboundSmtpHost: '127.0.0.1',
      inboundSmtpPort: 5425,
    });
    expect(defaults.uploads.maxBytes).toBe(25 * 1024 * 1024);
    expect(defaults.blobStoreUrl).toBeUndefined();
    expect(defaults.blobDir).toBe('/srv/dash/blobs');
    expect(defaults.seedLongThreadMessages).toBe(5000);

    const set = loadConfig({
      CLIENT_MAIL_DOMAIN: 'Mail.Example.com',
      INBOUND_SMTP_PORT: '2525',
      UPLOAD_MAX_BYTES: '1024',
      BLOB_STORE_URL: 's3://bucket/prefix?endpoint=http://127.0.0.1:9000',
      SEED_LONG_THREAD_MESSAGES: '0',
    });
    expect(set.messages.clientMailDomain).toBe('mail.example.com');
    expect(set.messages.inboundSmtpPort).toBe(2525);
    expect(set.uploads.maxBytes).toBe(1024);
    expect(set.blobStoreUrl).toBe('s3://bucket/prefix?endpoint=http://127.0.0.1:9000');
    expect(set.seedLongThreadMessages).toBe(0);

    expect(
      problemsOf({
        CLIENT_MAIL_DOMAIN: 'localhost',
        BLOB_STORE_URL: 'http://bucket',
        INBOUND_SECRET: 'short',
      }),
    ).toEqual([
      'CLIENT_MAIL_DOMAIN: must be a domain name, e.g. client.example.com',
      'INBOUND_SECRET: must be at least 16 characters',
      'BLOB_STORE_URL: must be an s3://bucket[/prefix][?endpoint=…] URL',
    ]);
  });

  it('refuses a remote listed twice', () => {
    expect(
      problemsOf({
        REMOTES: 'remote-wallet@1=http://a.example/m.json,remote-wallet@2=http://b.example/m.json',
      }),
    ).toEqual(['REMOTES: remote-wallet is listed twice']);
  });
});

describe('wallet configuration', () => {
  it('uses the dev chain on PORT+20 with its well-known relayer by default', () => {
    expect(loadConfig({}).wallet).toEqual({
      chain: 'dev',
      rpcUrl: 'http://127.0.0.1:3020',
      relayerKey: '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
      devChainPort: 3020,
      networks: [],
    });
    expect(loadConfig({ API_PORT: '5601', DEV_CHAIN_PORT: '5620' }).wallet.rpcUrl).toBe(
      'http://127.0.0.1:5620',
    );
  });

  it('deploys on Arbitrum with an RPC URL and a relayer key of its own', () => {
    const key = `0x${'ab'.repeat(32)}`;
    expect(
      loadConfig({
        WALLET_CHAIN: 'arbitrum-one',
        WALLET_RPC_URL: 'https://arb.example.com/rpc',
        WALLET_RELAYER_KEY: key,
      }).wallet,
    ).toMatchObject({ chain: 'arbitrum-one', rpcUrl: 'https://arb.example.com/rpc', relayerKey: key });
  });

  it('names every missing or bad wallet variable', () => {
    expect(problemsOf({ WALLET_CHAIN: 'arbitrum-sepolia' })).toEqual([
      'WALLET_RPC_URL: is required when WALLET_CHAIN=arbitrum-sepolia',
      'WALLET_RELAYER_KEY: is required when WALLET_CHAIN=arbitrum-sepolia (the funded account that pays for deployments)',
    ]);
    expect(
      problemsOf({
        WALLET_CHAIN: 'arbitrum-one',
        WALLET_RPC_URL: 'https://arb.example.com/rpc',
        WALLET_RELAYER_KEY: '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
      }),
    ).toEqual([
      'WALLET_RELAYER_KEY: is the public dev chain key; use a private key of your own on a public chain',
    ]);
    expect(problemsOf({ WALLET_CHAIN: 'mainnet', WALLET_RELAYER_KEY: '0x12', DEV_CHAIN_PORT: 'x' })).toEqual([
      'WALLET_CHAIN: must be one of dev, arbitrum-one, arbitrum-sepolia',
      'WALLET_RELAYER_KEY: must be a private key: 0x and 64 hex digits',
      'DEV_CHAIN_PORT: must be a port number',
    ]);
  });
});

describe('chains configuration', () => {
  it('watches the dev chains from DEV_CHAIN_PORT by default, one confirmation', () => {
    expect(loadConfig({ DEV_CHAIN_PORT: '4020' }).chains).toEqual({
      networks: [
        { network: 'arbitrum-sepolia', chainId: 421614, rpcUrl: 'http://127.0.0.1:4020', local: true },
        { network: 'polygon-amoy', chainId: 80002, rpcUrl: 'http://127.0.0.1:4021', local: true },
      ],
      confirmations: 1,
      pollMs: 1000,
    });
  });

  it('watches the networks CHAIN_RPC_URLS names with their real tokens, and no dev chain off WALLET_CHAIN=dev', () => {
    const config = loadConfig({
      WALLET_CHAIN: 'arbitrum-one',
      WALLET_RPC_URL: 'https://arb.example.com/rpc',
      WALLET_RELAYER_KEY: `0x${'ab'.repeat(32)}`,
      CHAIN_RPC_URLS: 'arbitrum-one=https://arb.example.com/rpc, polygon=https://polygon.example.com',
      CHAIN_CONFIRMATIONS: '12',
    }).chains;
    expect(config.networks).toEqual([
      { network: 'arbitrum-one', chainId: 42161, rpcUrl: 'https://arb.example.com/rpc', local: false },
      { network: 'polygon', chainId: 137, rpcUrl: 'https://polygon.example.com', local: false },
    ]);
    expect(config.confirmations).toBe(12);
  });

  it('names a bad network, URL or confirmation count', () => {
    expect(
      problemsOf({ CHAIN_RPC_URLS: 'solana=https://x.example,polygon=ftp://x', CHAIN_CONFIRMATIONS: '0' }),
    ).toEqual([
      'CHAIN_RPC_URLS: "solana=https://x.example" does not start with an EVM network id and =',
      'CHAIN_RPC_URLS: "ftp://x" (polygon) is not an http(s) URL',
      'CHAIN_CONFIRMATIONS: must be at least 1',
    ]);
  });

  it('offers the Safe on the WALLET_NETWORKS networks at their CHAIN_RPC_URLS, paid by the one relayer', () => {
    const config = loadConfig({
      WALLET_CHAIN: 'arbitrum-one',
      WALLET_RPC_URL: 'https://arb.example.com/rpc',
      WALLET_RELAYER_KEY: `0x${'ab'.repeat(32)}`,
      CHAIN_RPC_URLS: 'polygon=https://polygon.example.com,base=https://base.example.com',
      WALLET_NETWORKS: 'polygon',
    });
    expect(config.wallet.networks).toEqual([
      { network: 'polygon', chainId: 137, rpcUrl: 'https://polygon.example.com' },
    ]);
    const chains = createWalletChains(config.wallet, config.chains);
    // Watched only (no WALLET_NETWORKS entry): not offered for the Safe.
    expect(chains.list().map((access) => access.info)).toEqual([
      { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false },
      { id: 137, name: 'Polygon', key: 'polygon', isDevChain: false },
    ]);
    const polygon = chains.of(137);
    // The same canonical contracts and relayer: the same Safe address as on the first network.
    expect(polygon?.contracts).toEqual(chains.home.contracts);
    expect(polygon?.relayer).toBe(chains.home.relayer);
    expect(chains.of(8453)).toBeUndefined();
  });

  it('names each WALLET_NETWORKS problem', () => {
    const publicChain = {
      WALLET_CHAIN: 'arbitrum-sepolia',
      WALLET_RPC_URL: 'https://arb.example.com/rpc',
      WALLET_RELAYER_KEY: `0x${'ab'.repeat(32)}`,
    };
    expect(problemsOf({ WALLET_NETWORKS: 'polygon-amoy' })).toEqual([
      'WALLET_NETWORKS: needs a public WALLET_CHAIN (with WALLET_CHAIN=dev every local dev chain is offered)',
    ]);
    expect(
      problemsOf({
        ...publicChain,
        CHAIN_RPC_URLS: 'gnosis-chiado=https://chiado.example.com',
        WALLET_NETWORKS: 'solana,arbitrum-sepolia,polygon-amoy,gnosis-chiado',
      }),
    ).toEqual(['WALLET_NETWORKS: "solana" is not an EVM network id']);
    expect(
      problemsOf({
        ...publicChain,
        CHAIN_RPC_URLS: 'gnosis-chiado=https://chiado.example.com',
        WALLET_NETWORKS: 'arbitrum-sepolia,polygon-amoy,gnosis-chiado',
      }),
    ).toEqual([
      'WALLET_NETWORKS: arbitrum-sepolia is WALLET_CHAIN itself',
      'WALLET_NETWORKS: polygon-amoy has no RPC URL in CHAIN_RPC_URLS (polygon-amoy=https://…)',
      'WALLET_NETWORKS: Safe v1.4.1 is not deployed on gnosis-chiado (chain 10200)',
    ]);
  });
});
