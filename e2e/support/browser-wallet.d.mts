import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * Injects an EIP-1193 wallet (announced through EIP-6963) into `page`, answered by a local account
 * of `privateKey` (a fresh key by default). Returns the account and the methods the page asked for.
 */
export declare function injectBrowserWallet(
  page: Page,
  options?: { privateKey?: Hex; name?: string; chainId?: number },
): Promise<{ account: PrivateKeyAccount; asked: string[] }>;
