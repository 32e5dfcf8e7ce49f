/**
 * The browser's wallets, as EIP-6963 announces them (several extensions side by side, each named),
 * spoken to through EIP-1193 `request`. The dashboard holds no key: a wallet signs what it is asked
 * (personal_sign for a signing device's proof, eth_signTypedData_v4 for a Safe transaction).
 */

/** An EIP-1193 provider: what every wallet (extension, injected test provider) exposes. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

/** One wallet the browser announced (EIP-6963 EIP6963ProviderInfo with its provider). */
export interface BrowserWallet {
  uuid: string;
  name: string;
  /** A data: URI of its icon (the wallet's own; shown as an image, never as markup). */
  icon: string;
  rdns: string;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown };
  provider?: Eip1193Provider;
}

/**
 * The wallets that answer an EIP-6963 request within `waitMs` (each once, by uuid). Wallets that
 * announce later are missed: call again (the page's "Look again").
 */
export function discoverBrowserWallets(waitMs = 300): Promise<BrowserWallet[]> {
  if (typeof window === 'undefined') return Promise.resolve([]);
  const found = new Map<string, BrowserWallet>();
  const announced = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    const info = detail?.info;
    if (!info || typeof info.uuid !== 'string' || typeof detail.provider?.request !== 'function') return;
    found.set(info.uuid, {
      uuid: info.uuid,
      name: typeof info.name === 'string' ? info.name : info.uuid,
      icon: typeof info.icon === 'string' && info.icon.startsWith('data:image/') ? info.icon : '',
      rdns: typeof info.rdns === 'string' ? info.rdns : '',
      provider: detail.provider,
    });
  };
  window.addEventListener('eip6963:announceProvider', announced);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return new Promise((resolve) => {
    setTimeout(() => {
      window.removeEventListener('eip6963:announceProvider', announced);
      resolve([...found.values()]);
    }, waitMs);
  });
}

/** The accounts the wallet lets this page use (it may ask its user first). */
export async function requestWalletAccounts(provider: Eip1193Provider): Promise<string[]> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  return Array.isArray(accounts)
    ? accounts.filter((account): account is string => typeof account === 'string')
    : [];
}

/** EIP-191 personal_sign of `message` (UTF-8, sent hex-encoded as wallets expect) by `address`. */
export async function personalSign(
  provider: Eip1193Provider,
  address: string,
  message: string,
): Promise<string> {
  const hex = `0x${Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  const signature = await provider.request({ method: 'personal_sign', params: [hex, address] });
  if (typeof signature !== 'string') throw new Error('The wallet answered no signature');
  return signature;
}
