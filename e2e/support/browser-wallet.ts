import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * A browser wallet for a page, with no extension and no network: an EIP-1193 provider injected
 * before the page's scripts (addInitScript) and announced through EIP-6963, whose requests are
 * answered in the test process (exposeFunction) by a viem local account. Answers what the
 * dashboard asks: accounts, the chain id, personal_sign and eth_signTypedData_v4.
 */
export async function injectBrowserWallet(
  page: Page,
  {
    privateKey = generatePrivateKey(),
    name = 'E2E Wallet',
    chainId = 421614,
  }: {
    privateKey?: Hex;
    name?: string;
    chainId?: number;
  } = {},
) {
  const account = privateKeyToAccount(privateKey);
  const asked: string[] = [];
  await page.exposeFunction('__dashE2eWallet', async (method: string, params: unknown[]) => {
    asked.push(method);
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_signTypedData_v4':
        return account.signTypedData(JSON.parse(String(params[1])));
      default:
        throw new Error(`The E2E wallet does not answer ${method}`);
    }
  });
  await page.addInitScript(
    ({ walletName }) => {
      const bridge = (window as unknown as { __dashE2eWallet: (m: string, p: unknown[]) => Promise<unknown> })
        .__dashE2eWallet;
      const provider = {
        request: ({ method, params }: { method: string; params?: unknown[] }) => bridge(method, params ?? []),
      };
      const detail = Object.freeze({
        info: {
          uuid: 'e2e-wallet',
          name: walletName,
          icon: 'data:image/svg+xml,%3Csvg%2F%3E',
          rdns: 'dev.dash.e2e',
        },
        provider,
      });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { walletName: name },
  );
  return { account, asked };
}
