import type { APIRequestContext } from '@playwright/test';

export declare function signInByMagicLink(
  request: APIRequestContext,
  email: string,
  options?: { base?: string; attempts?: number; timeoutMs?: number },
): Promise<void>;
