/**
 * The environment the API reads (api/src/config.ts turns it into a Config): each variable, its
 * default and what it must be, as one zod schema, so a bad value is named with its problem.
 */
import {
  DEFAULT_CLIENT_MAIL_DOMAIN,
  DEFAULT_RELEASE_ENVIRONMENT,
  EVM_CHAIN_IDS,
  type TNetworkId,
  type TRemoteEntry,
  UPLOAD_MAX_BYTES_DEFAULT,
  WALLET_CHAIN_KEYS,
  ZReleaseEnvironment,
  ZRemoteEntry,
} from '@dash/shared/contracts';
import { z } from 'zod';
import { parseSandboxKeys } from './modules/providers/adapters/sandbox-config';

const DEFAULT_REMOTES = [
  'remote-messages@dev=http://localhost:3011/mf-manifest.json',
  'remote-wallet@dev=http://localhost:3012/mf-manifest.json',
  'remote-rails@dev=http://localhost:3013/mf-manifest.json',
  'remote-settings@dev=http://localhost:3014/mf-manifest.json',
].join(',');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The operator the seed creates; OPERATOR_EMAILS' default outside production. */
export const DEFAULT_OPERATOR_EMAIL = 'ops@example.com';

/** The inbound webhook's key outside production when INBOUND_SECRET is not set (docs/api-recipes.md's curl example). */
export const DEV_INBOUND_SECRET = 'dash-dev-inbound-secret';

export interface AuthAllowlist {
  /** Exact, lowercased addresses. */
  emails: ReadonlySet<string>;
  /** Lowercased domains: an address matches when its part after '@' equals one of them. */
  domains: ReadonlySet<string>;
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(fallback);

const ZRemotesEnv = z.string().transform((value, ctx): TRemoteEntry[] => {
  const remotes: TRemoteEntry[] = [];
  for (const item of commaList(value)) {
    const equals = item.indexOf('=');
    const at = equals === -1 ? -1 : item.lastIndexOf('@', equals);
    if (equals === -1 || at <= 0) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not name@version=entryUrl` });
      continue;
    }
    const parsed = ZRemoteEntry.safeParse({
      name: item.slice(0, at),
      version: item.slice(at + 1, equals),
      entry: item.slice(equals + 1),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      ctx.addIssue({ code: 'custom', message: `"${item}": ${problems.join('; ')}` });
      continue;
    }
    if (remotes.some((remote) => remote.name === parsed.data.name)) {
      ctx.addIssue({ code: 'custom', message: `${parsed.data.name} is listed twice` });
      continue;
    }
    remotes.push(parsed.data);
  }
  return remotes;
});

const ZOriginListEnv = z.string().transform((value, ctx) =>
  commaList(value).flatMap((entry) => {
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') return [url.origin];
    } catch {}
    ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
    return [];
  }),
);

/** WALLET_NETWORKS: EVM network ids the Safe may also be deployed on, e.g. polygon,base. */
const ZWalletNetworksEnv = z.string().transform((value, ctx): TNetworkId[] => {
  const networks: TNetworkId[] = [];
  for (const network of commaList(value)) {
    if (!(network in EVM_CHAIN_IDS)) {
      ctx.addIssue({ code: 'custom', message: `"${network}" is not an EVM network id` });
      continue;
    }
    if (!networks.includes(network as TNetworkId)) networks.push(network as TNetworkId);
  }
  return networks;
});

/** CHAIN_RPC_URLS: network=url pairs, e.g. arbitrum-one=https://arb1.example/rpc (EVM networks only). */
const ZChainRpcUrlsEnv = z.string().transform((value, ctx): Record<string, string> => {
  const urls: Record<string, string> = {};
  for (const item of commaList(value)) {
    const equals = item.indexOf('=');
    const network = equals === -1 ? '' : item.slice(0, equals);
    const url = item.slice(equals + 1);
    if (!(network in EVM_CHAIN_IDS)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" does not start with an EVM network id and =` });
      continue;
    }
    if (!z.url({ protocol: /^https?$/ }).safeParse(url).success) {
      ctx.addIssue({ code: 'custom', message: `"${url}" (${network}) is not an http(s) URL` });
      continue;
    }
    urls[network] = url;
  }
  return urls;
});

const ZAllowlistEnv = z.string().transform((value, ctx): AuthAllowlist | null => {
  const emails = new Set<string>();
  const domains = new Set<string>();
  for (const entry of commaList(value.toLowerCase())) {
    if (entry.includes('@')) {
      if (!z.email().safeParse(entry).success) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not a valid e-mail address` });
      }
      emails.add(entry);
    } else {
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry)) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not a valid domain` });
      }
      domains.add(entry);
    }
  }
  return emails.size + domains.size === 0 ? null : { emails, domains };
});

export const ZEnv = z.object({
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(0, { message: 'must be a port number' })
    .max(65535, { message: 'must be a port number' })
    .default(3001),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .default('http://localhost:3000'),
  ALLOWED_ORIGINS: ZOriginListEnv.prefault(''),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(1).default('Dash <no-reply@dash.localhost>'),
  AUTH_ALLOWLIST: ZAllowlistEnv.optional(),
  OPERATOR_EMAILS: z
    .string()
    .transform((value, ctx) => {
      const emails = commaList(value.toLowerCase());
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          ctx.addIssue({ code: 'custom', message: `"${email}" is not a valid e-mail address` });
        }
      }
      return emails;
    })
    .optional(),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveInt(5),
  AUTH_RATE_LIMIT_PER_IP: positiveInt(30),
  JOB_RETENTION_HOURS: positiveInt(168),
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      message: 'must be one of development, test, production',
    })
    .default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  REMOTES: ZRemotesEnv.default(ZRemotesEnv.parse(DEFAULT_REMOTES)),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, _ or -' })
    .default('dash_session'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  RELEASE_ENV: ZReleaseEnvironment.default(DEFAULT_RELEASE_ENVIRONMENT),
  RELEASE_TOKEN: z
    .string()
    .min(32, { message: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' })
    .regex(/^\S+$/, { message: 'must not contain spaces' })
    .optional(),
  RELEASES_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  REMOTE_ORIGINS: ZOriginListEnv.optional(),
  SHELL_MANIFEST_PATH: z.string().min(1).default('shell/dist/mf-manifest.json'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  WEB_SSR_MODULE: z.string().min(1).optional(),
  SERVER_RENDER: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  WALLET_CHAIN: z
    .enum(WALLET_CHAIN_KEYS, { message: `must be one of ${WALLET_CHAIN_KEYS.join(', ')}` })
    .default('dev'),
  WALLET_RPC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  WALLET_RELAYER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, { message: 'must be a private key: 0x and 64 hex digits' })
    .optional(),
  CHAIN_RPC_URLS: ZChainRpcUrlsEnv.optional(),
  WALLET_NETWORKS: ZWalletNetworksEnv.optional(),
  CHAIN_CONFIRMATIONS: z.coerce
    .number({ message: 'must be a whole number of blocks' })
    .int({ message: 'must be a whole number of blocks' })
    .min(1, { message: 'must be at least 1' })
    .max(1000, { message: 'must be at most 1000' })
    .default(1),
  CHAIN_POLL_MS: z.coerce
    .number({ message: 'must be milliseconds' })
    .int({ message: 'must be milliseconds' })
    .min(50, { message: 'must be at least 50' })
    .max(60_000, { message: 'must be at most 60000' })
    .default(1_000),
  DEV_CHAIN_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(1, { message: 'must be a port number' })
    .max(65535, { message: 'must be a port number' })
    .optional(),
  CLIENT_MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { message: 'must be a domain name, e.g. client.example.com' })
    .default(DEFAULT_CLIENT_MAIL_DOMAIN),
  INBOUND_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  INBOUND_SMTP_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(0, { message: 'must be a port number' })
    .max(65535, { message: 'must be a port number' })
    .optional(),
  INBOUND_MAX_BYTES: positiveInt(50 * 1024 * 1024),
  UPLOAD_MAX_BYTES: positiveInt(UPLOAD_MAX_BYTES_DEFAULT),
  UPLOAD_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  BLOB_STORE_URL: z
    .url({ protocol: /^s3$/, message: 'must be an s3://bucket[/prefix][?endpoint=…] URL' })
    .optional(),
  SANDBOX_PROVIDER_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  SANDBOX_PROVIDER_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(1, { message: 'must be a port number' })
    .max(65535, { message: 'must be a port number' })
    .optional(),
  SANDBOX_PROVIDER_KEYS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const keys = parseSandboxKeys(value);
      if (!keys) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be account=key pairs separated by commas (keys of 8+ characters)',
        });
        return z.NEVER;
      }
      return keys;
    }),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  PROVIDER_WEBHOOK_BASE_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  PROVIDER_REQUEST_TIMEOUT_MS: positiveInt(10_000),
  SEED_LONG_THREAD_MESSAGES: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be at least 0' })
    .default(5000),
  /** How long a job claim lasts without a heartbeat: a job of a process that died runs again after it. */
  JOB_LEASE_MS: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1_000, { message: 'must be at least 1000' })
    .default(30_000),
});
