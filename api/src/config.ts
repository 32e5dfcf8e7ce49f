import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_PREFIX,
  EVM_CHAIN_IDS,
  type TNetworkId,
  type TRemoteEntry,
  type TWalletChainKey,
} from '@dash/shared/contracts';
import { DEV_CHAINS } from './chain/dev-chains';
import {
  type AuthAllowlist,
  DEFAULT_OPERATOR_EMAIL,
  DEV_INBOUND_SECRET,
  type LOG_LEVELS,
  ZEnv,
} from './config-env';
import { DEV_SANDBOX_WEBHOOK_SECRET } from './modules/providers/adapters/sandbox-config';
import { canonicalSafeContracts, DEV_CHAIN_RELAYER_KEY, WALLET_CHAINS } from './modules/wallet/safe';

/** The repository root: two levels above api/src. Relative paths in the environment resolve from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export { type AuthAllowlist, DEFAULT_OPERATOR_EMAIL, DEV_INBOUND_SECRET } from './config-env';

/** Release management (api/src/modules/releases): where releases and pins live, and how they are served. */
export interface ReleaseConfig {
  /** The release store and the pin logs: DATA_DIR/releases. */
  dir: string;
  /** The environment whose pins this API serves (RELEASE_ENV). */
  environment: string;
  /** Bearer token of the release HTTP API; undefined: that API is off. */
  token: string | undefined;
  /** Base URL release files are served at (no trailing slash). */
  publicUrl: string;
  /** Origins a remote in the runtime manifest may come from (REMOTE_ORIGINS). */
  remoteOrigins: readonly string[];
  /** The shell's build manifest, for the compatibility gate. */
  shellManifestPath: string;
}

/** Where the organization wallets (Safe v1.4.1) are deployed, and who pays for it (api/src/modules/wallet). */
export interface WalletConfig {
  /** WALLET_CHAIN: the local dev chain (default) or Arbitrum. */
  chain: TWalletChainKey;
  /** WALLET_RPC_URL: JSON-RPC endpoint of that chain (dev: http://127.0.0.1:DEV_CHAIN_PORT). */
  rpcUrl: string;
  /** WALLET_RELAYER_KEY: private key of the account that sends and pays for deployments. */
  relayerKey: `0x${string}`;
  /** DEV_CHAIN_PORT: where `npm start` runs the dev chain (PORT+20). */
  devChainPort: number;
  /**
   * WALLET_NETWORKS (a public WALLET_CHAIN only): the other networks an Admin may deploy the Safe on,
   * each at its CHAIN_RPC_URLS endpoint, paid by the same relayer (one key is valid on every EVM
   * chain). The dev chains offer every local chain without it.
   */
  networks?: { network: TNetworkId; chainId: number; rpcUrl: string }[];
}

/** One EVM network the API watches: its RPC, and whether it is a dev chain (its tokens are the local deployments). */
export interface ChainNetworkConfig {
  network: TNetworkId;
  chainId: number;
  rpcUrl: string;
  local: boolean;
}

/** The chains the API reads (api/src/chain): a network with no RPC here is recorded but not watched. */
export interface ChainsConfig {
  networks: ChainNetworkConfig[];
  /** CHAIN_CONFIRMATIONS: blocks a transfer needs (its own included) before it counts. */
  confirmations: number;
  /** CHAIN_POLL_MS: how often the watcher asks each chain for its head. */
  pollMs: number;
}

export interface Config {
  host: string;
  port: number;
  /** Dashboard base URL without a trailing slash: magic links are `${publicUrl}/auth/<token>`. */
  publicUrl: string;
  /** Origins allowed to send mutating requests (the PUBLIC_URL origin first). */
  allowedOrigins: readonly string[];
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** null: sign-up is open. */
  authAllowlist: AuthAllowlist | null;
  /** Platform operators (OPERATOR_EMAILS, lowercased): they review KYB applications. */
  operatorEmails: ReadonlySet<string>;
  authRateLimitPerEmail: number;
  authRateLimitPerIp: number;
  /** Succeeded jobs are deleted this long after they finished (JOB_RETENTION_HOURS); failed ones are kept. */
  jobRetentionHours: number;
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: (typeof LOG_LEVELS)[number];
  remotes: readonly TRemoteEntry[];
  sessionCookieName: string;
  /** Trust X-Forwarded-* from a reverse proxy (for the client address used by the per-IP rate limit). */
  trustProxy: boolean;
  /** Mails go to the outbox table (and GET /dev/mailbox) instead of SMTP. */
  outboxEnabled: boolean;
  releases: ReleaseConfig;
  /** The shell's build to serve on this origin (production serving); undefined: the API alone. */
  webDistDir: string | undefined;
  /**
   * The shell's server build (ssr.js) for the first render of some pages: WEB_SSR_MODULE, else
   * dist-ssr/ssr.js beside the shell's build; undefined when SERVER_RENDER=false or nothing is served.
   */
  webServerRenderModule: string | undefined;
  chains: ChainsConfig;
  wallet: WalletConfig;
  messages: MessagesConfig;
  uploads: UploadsConfig;
  providers: ProvidersConfig;
  /** Where files live: s3://… (BLOB_STORE_URL) or, by default, the filesystem under `blobDir`. */
  blobStoreUrl: string | undefined;
  /** DATA_DIR/blobs: the filesystem blob store's root. */
  blobDir: string;
  /** Messages in the seeded long thread (SEED_LONG_THREAD_MESSAGES; 0 leaves it out). */
  seedLongThreadMessages: number;
  /** JOB_LEASE_MS: on PostgreSQL, how soon the job of a process that died is claimed again. */
  jobLeaseMs: number;
}

/** Message Center: mailboxes and inbound mail (api/src/modules/messages). */
export interface MessagesConfig {
  /** Organizations receive mail at <slug>@clientMailDomain; replies come back to reply+<token>@clientMailDomain. */
  clientMailDomain: string;
  /** HMAC key of POST inbound/email (X-Inbound-Signature). */
  inboundSecret: string;
  /** The embedded SMTP listener: local interface only by default. */
  inboundSmtpHost: string;
  inboundSmtpPort: number;
  /** Largest raw mail accepted, by SMTP or webhook. */
  inboundMaxBytes: number;
}

/**
 * Provider adapters (api/src/modules/providers/adapters) and the sandbox provider they reach in
 * development.
 */
export interface ProvidersConfig {
  sandbox: {
    /** SANDBOX_PROVIDER_URL, else http://127.0.0.1:SANDBOX_PROVIDER_PORT (PORT+30). */
    url: string;
    /** account → API key (SANDBOX_PROVIDER_KEYS). */
    apiKeys: Record<string, string>;
    /** HMAC key of its webhooks (SANDBOX_WEBHOOK_SECRET). */
    webhookSecret: string;
  };
  /** Where providers post webhooks: <base>/<providerUid> (PROVIDER_WEBHOOK_BASE_URL; default this API). */
  webhookBaseUrl: string;
  requestTimeoutMs: number;
}

/** Signed uploads (api/src/modules/uploads). */
export interface UploadsConfig {
  maxBytes: number;
  /** HMAC key of the signed upload URLs. */
  secret: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from the environment. Every problem is collected and reported at once
 * (as a ConfigError), so a bad deployment is fixed in one round.
 */
/**
 * The watched networks: the dev chains when WALLET_CHAIN=dev (the default; `npm start` runs them
 * from DEV_CHAIN_PORT on), then CHAIN_RPC_URLS' networks (the real tokens), which also take a dev
 * chain's network over when they name it.
 */
type EnvVars = ReturnType<typeof ZEnv.parse>;

function chainsConfig(vars: EnvVars, devChainPort: number): ChainsConfig {
  const networks = new Map<string, ChainNetworkConfig>();
  if (vars.WALLET_CHAIN === 'dev') {
    for (const chain of DEV_CHAINS) {
      networks.set(chain.network, {
        network: chain.network,
        chainId: chain.chainId,
        rpcUrl: `http://127.0.0.1:${devChainPort + chain.portOffset}`,
        local: true,
      });
    }
  }
  for (const [network, rpcUrl] of Object.entries(vars.CHAIN_RPC_URLS ?? {})) {
    const chainId = EVM_CHAIN_IDS[network as TNetworkId];
    if (chainId === undefined) continue; // the schema admits EVM networks only
    networks.set(network, { network: network as TNetworkId, chainId, rpcUrl, local: false });
  }
  return {
    networks: [...networks.values()],
    confirmations: vars.CHAIN_CONFIRMATIONS,
    pollMs: vars.CHAIN_POLL_MS,
  };
}

/**
 * WALLET_NETWORKS: each network needs a public WALLET_CHAIN (its relayer key is a private one), an
 * RPC in CHAIN_RPC_URLS (the one the watcher reads it with), to be another network than
 * WALLET_CHAIN's, and the canonical Safe v1.4.1 contracts (the same address as on the first network).
 */
function walletNetworkProblems(vars: EnvVars): string[] {
  const networks = vars.WALLET_NETWORKS ?? [];
  if (networks.length === 0) return [];
  if (vars.WALLET_CHAIN === 'dev') {
    return [
      'WALLET_NETWORKS: needs a public WALLET_CHAIN (with WALLET_CHAIN=dev every local dev chain is offered)',
    ];
  }
  const home = WALLET_CHAINS[vars.WALLET_CHAIN].id;
  return networks.flatMap((network) => {
    const chainId = EVM_CHAIN_IDS[network];
    if (chainId === home) return [`WALLET_NETWORKS: ${network} is WALLET_CHAIN itself`];
    if (!vars.CHAIN_RPC_URLS?.[network]) {
      return [`WALLET_NETWORKS: ${network} has no RPC URL in CHAIN_RPC_URLS (${network}=https://…)`];
    }
    try {
      canonicalSafeContracts(chainId ?? 0);
    } catch {
      return [`WALLET_NETWORKS: Safe v1.4.1 is not deployed on ${network} (chain ${chainId})`];
    }
    return [];
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (common in .env files) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);

  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.SMTP_URL) {
    problems.push('SMTP_URL: is required when NODE_ENV=production (the local outbox is development only)');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production') {
    if (!parsed.data.INBOUND_SECRET)
      problems.push('INBOUND_SECRET: is required when NODE_ENV=production (signs POST inbound/email)');
    if (!parsed.data.UPLOAD_SECRET)
      problems.push('UPLOAD_SECRET: is required when NODE_ENV=production (signs upload URLs)');
  }
  const releasesPublicUrl = parsed.success
    ? (parsed.data.RELEASES_PUBLIC_URL ?? `http://localhost:${parsed.data.API_PORT}/releases`).replace(
        /\/+$/,
        '',
      )
    : '';
  if (parsed.success && parsed.data.REMOTE_ORIGINS) {
    // Only allowed origins may appear in a runtime manifest: the release server and every REMOTES entry.
    const allowed = new Set(parsed.data.REMOTE_ORIGINS);
    const releasesOrigin = new URL(releasesPublicUrl).origin;
    if (!allowed.has(releasesOrigin)) {
      problems.push(`RELEASES_PUBLIC_URL: its origin ${releasesOrigin} is not in REMOTE_ORIGINS`);
    }
    for (const remote of parsed.data.REMOTES) {
      const origin = new URL(remote.entry).origin;
      if (!allowed.has(origin)) {
        problems.push(`REMOTES: ${remote.name} is served from ${origin}, which is not in REMOTE_ORIGINS`);
      }
    }
  }
  if (parsed.success && parsed.data.WALLET_CHAIN !== 'dev') {
    // A public chain is never guessed: its endpoint and the paying account are named explicitly.
    if (!parsed.data.WALLET_RPC_URL) {
      problems.push(`WALLET_RPC_URL: is required when WALLET_CHAIN=${parsed.data.WALLET_CHAIN}`);
    }
    if (!parsed.data.WALLET_RELAYER_KEY) {
      problems.push(
        `WALLET_RELAYER_KEY: is required when WALLET_CHAIN=${parsed.data.WALLET_CHAIN} (the funded account that pays for deployments)`,
      );
    } else if (parsed.data.WALLET_RELAYER_KEY.toLowerCase() === DEV_CHAIN_RELAYER_KEY) {
      problems.push(
        'WALLET_RELAYER_KEY: is the public dev chain key; use a private key of your own on a public chain',
      );
    }
  }
  if (parsed.success) problems.push(...walletNetworkProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const vars = parsed.data;
  // Outside production the seeded ops@example.com reviews KYB unless OPERATOR_EMAILS says otherwise.
  const operatorEmails =
    vars.OPERATOR_EMAILS ?? (vars.NODE_ENV === 'production' ? [] : [DEFAULT_OPERATOR_EMAIL]);
  const devChainPort = vars.DEV_CHAIN_PORT ?? vars.API_PORT + 19; // PORT+20 when the API is on PORT+1 (the launcher passes it explicitly)
  const publicUrl = new URL(vars.PUBLIC_URL);
  const publicBase = `${publicUrl.origin}${publicUrl.pathname}`.replace(/\/+$/, '');
  return {
    host: vars.API_HOST,
    port: vars.API_PORT,
    publicUrl: publicBase,
    allowedOrigins: [...new Set([publicUrl.origin, ...vars.ALLOWED_ORIGINS])],
    dataDir: path.resolve(REPO_ROOT, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    // Operators can always sign in: with an allowlist, their addresses join it.
    authAllowlist: vars.AUTH_ALLOWLIST
      ? { ...vars.AUTH_ALLOWLIST, emails: new Set([...vars.AUTH_ALLOWLIST.emails, ...operatorEmails]) }
      : null,
    operatorEmails: new Set(operatorEmails),
    authRateLimitPerEmail: vars.AUTH_RATE_LIMIT_PER_EMAIL,
    authRateLimitPerIp: vars.AUTH_RATE_LIMIT_PER_IP,
    jobRetentionHours: vars.JOB_RETENTION_HOURS,
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    remotes: vars.REMOTES,
    sessionCookieName: vars.SESSION_COOKIE_NAME,
    trustProxy: vars.TRUST_PROXY,
    outboxEnabled: !vars.SMTP_URL && vars.NODE_ENV !== 'production',
    releases: {
      dir: path.join(path.resolve(REPO_ROOT, vars.DATA_DIR), 'releases'),
      environment: vars.RELEASE_ENV,
      token: vars.RELEASE_TOKEN,
      publicUrl: releasesPublicUrl,
      remoteOrigins: vars.REMOTE_ORIGINS ?? [
        ...new Set([
          new URL(releasesPublicUrl).origin,
          ...vars.REMOTES.map((remote) => new URL(remote.entry).origin),
        ]),
      ],
      shellManifestPath: path.resolve(REPO_ROOT, vars.SHELL_MANIFEST_PATH),
    },
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(REPO_ROOT, vars.WEB_DIST_DIR) : undefined,
    webServerRenderModule:
      !vars.SERVER_RENDER || !vars.WEB_DIST_DIR
        ? undefined
        : vars.WEB_SSR_MODULE
          ? path.resolve(REPO_ROOT, vars.WEB_SSR_MODULE)
          : path.join(path.dirname(path.resolve(REPO_ROOT, vars.WEB_DIST_DIR)), 'dist-ssr', 'ssr.js'),
    chains: chainsConfig(vars, devChainPort),
    wallet: {
      chain: vars.WALLET_CHAIN,
      rpcUrl: vars.WALLET_RPC_URL ?? `http://127.0.0.1:${devChainPort}`,
      relayerKey: (vars.WALLET_RELAYER_KEY ?? DEV_CHAIN_RELAYER_KEY) as `0x${string}`,
      devChainPort,
      networks: (vars.WALLET_NETWORKS ?? []).map((network) => ({
        network,
        chainId: EVM_CHAIN_IDS[network] ?? 0,
        rpcUrl: vars.CHAIN_RPC_URLS?.[network] ?? '',
      })),
    },
    messages: {
      clientMailDomain: vars.CLIENT_MAIL_DOMAIN,
      inboundSecret: vars.INBOUND_SECRET ?? DEV_INBOUND_SECRET,
      inboundSmtpHost: vars.INBOUND_SMTP_HOST,
      // PORT+25 when the API is on PORT+1 (the launcher passes it explicitly).
      inboundSmtpPort: vars.INBOUND_SMTP_PORT ?? Math.min(65535, vars.API_PORT + 24),
      inboundMaxBytes: vars.INBOUND_MAX_BYTES,
    },
    uploads: {
      maxBytes: vars.UPLOAD_MAX_BYTES,
      // Outside production a per-process key: signed URLs live 15 minutes and a restart refuses older ones.
      secret: vars.UPLOAD_SECRET ?? randomBytes(32).toString('hex'),
    },
    providers: {
      sandbox: {
        url: (
          vars.SANDBOX_PROVIDER_URL ?? `http://127.0.0.1:${vars.SANDBOX_PROVIDER_PORT ?? vars.API_PORT + 29}`
        ).replace(/\/+$/, ''),
        apiKeys: vars.SANDBOX_PROVIDER_KEYS,
        webhookSecret: vars.SANDBOX_WEBHOOK_SECRET ?? DEV_SANDBOX_WEBHOOK_SECRET,
      },
      webhookBaseUrl: (
        vars.PROVIDER_WEBHOOK_BASE_URL ?? `http://127.0.0.1:${vars.API_PORT}${API_PREFIX}/providers/webhooks`
      ).replace(/\/+$/, ''),
      requestTimeoutMs: vars.PROVIDER_REQUEST_TIMEOUT_MS,
    },
    blobStoreUrl: vars.BLOB_STORE_URL,
    blobDir: path.join(path.resolve(REPO_ROOT, vars.DATA_DIR), 'blobs'),
    seedLongThreadMessages: vars.SEED_LONG_THREAD_MESSAGES,
    jobLeaseMs: vars.JOB_LEASE_MS,
  };
}
