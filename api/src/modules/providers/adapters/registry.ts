import type { ProvidersConfig } from '../../../config';
import type { ProviderAdapter } from './adapter';
import { createSandboxAdapter } from './sandbox';

/** What a provider record says about how we reach it (providers.adapter, providers.adapter_account). */
export interface ProviderConnection {
  uid: string;
  adapter: 'sandbox' | null;
  adapterAccount: string | null;
}

/** Picks the adapter of a provider record; null when it has none (a provider we only correspond with). */
export type ProviderAdapters = (provider: ProviderConnection) => ProviderAdapter | null;

export function createProviderAdapters(config: ProvidersConfig): ProviderAdapters {
  const cache = new Map<string, ProviderAdapter>();
  return (provider) => {
    if (provider.adapter !== 'sandbox' || !provider.adapterAccount) return null;
    const apiKey = config.sandbox.apiKeys[provider.adapterAccount];
    if (!apiKey) return null;
    const cacheKey = `sandbox:${provider.adapterAccount}`;
    let adapter = cache.get(cacheKey);
    if (!adapter) {
      adapter = createSandboxAdapter({
        baseUrl: config.sandbox.url,
        apiKey,
        webhookSecret: config.sandbox.webhookSecret,
        timeoutMs: config.requestTimeoutMs,
      });
      cache.set(cacheKey, adapter);
    }
    return adapter;
  };
}
