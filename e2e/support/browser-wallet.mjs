import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

// A browser wallet for a page, with no extension and no network: an EIP-1193 provider injected
// before the page's scripts (addInitScript) and announced through EIP-6963, whose requests are
// answered in the Node process (exposeFunction) by a viem local account. Answers what the
// dashboard asks: accounts, the chain id, personal_sign and eth_signTypedData_v4. Plain JavaScript
// (typed by browser-wallet.d.mts): the e2e specs and the browser benchmarks both inject it.

export async function injectBrowserWallet(
  page,
  { privateKey = generatePrivateKey(), name = 'E2E Wallet', chainId = 421614 } = {},
) {
  const account = privateKeyToAccount(privateKey);
  const asked = [];
  await page.exposeFunction('__dashE2eWallet', async (method, params) => {
    asked.push(method);
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] } });
      case 'eth_signTypedData_v4':
        return account.signTypedData(JSON.parse(String(params[1])));
      default:
        throw new Error(`The E2E wallet does not answer ${method}`);
    }
  });
  await page.addInitScript(
    ({ walletName }) => {
      const bridge = window.__dashE2eWallet;
      const provider = {
        request: ({ method, params }) => bridge(method, params ?? []),
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
