/**
 * What the API and the sandbox provider (api/sandbox-provider) agree on: the accounts the sandbox
 * hosts with their API keys, and the webhook signing secret. Outside production both fall back to
 * the same development values, so `npm start` needs no set-up.
 */

/** The seeded providers' accounts on the sandbox: Transfero (BRL/Pix) and Bitso (MXN/SPEI). */
export const SANDBOX_ACCOUNTS = ['transfero', 'bitso'] as const;

export const DEV_SANDBOX_API_KEYS: Record<string, string> = {
  transfero: 'sk_sandbox_transfero_dev',
  bitso: 'sk_sandbox_bitso_dev',
};
export const DEV_SANDBOX_WEBHOOK_SECRET = 'dash-dev-sandbox-webhook-secret';

/** A webhook older or newer than this (by its signed timestamp) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * SANDBOX_PROVIDER_KEYS: `account=key,account=key`. Null when the value is malformed (the caller
 * reports it); the development keys when it is not set.
 */
export function parseSandboxKeys(value: string | undefined): Record<string, string> | null {
  if (value === undefined || value.trim() === '') return { ...DEV_SANDBOX_API_KEYS };
  const keys: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [account, key] = pair.split('=').map((part) => part.trim());
    if (!account || !key || !/^[a-z0-9-]+$/.test(account) || key.length < 8) return null;
    keys[account] = key;
  }
  return keys;
}
