import { ApiError, notifyError, type TFunction, translateMessage } from '@dash/shared';
import {
  SAFE_ALREADY_CONFIRMED,
  SAFE_AMOUNT_DECIMALS,
  SAFE_DEVICE_UNVERIFIED,
  SAFE_NO_TRANSACTION_AT_NONCE,
  SAFE_NOT_AWAITING,
  SAFE_NOT_DEPLOYED,
  SAFE_REJECTION_EXISTS,
  SAFE_RESERVED_ADDRESS_MESSAGE,
  SAFE_SIGNATURE_MALFORMED,
  SAFE_SIGNATURE_NOT_OWNER,
  SAFE_SIGNATURE_NOT_YOURS,
  SAFE_TOKEN_NOT_ON_NETWORK,
  SAFE_WALLET_NOT_ON_NETWORK,
  type TWalletChain,
  type TWalletSigner,
  WALLET_SIGNERS_CHANGED_MESSAGE,
} from '@dash/shared/api';

/** A signer as people know them: their name, else their e-mail, else their address. */
export function signerName(
  signer: Pick<TWalletSigner, 'firstName' | 'lastName' | 'email' | 'uid' | 'ethAddress'>,
): string {
  return (
    `${signer.firstName} ${signer.lastName}`.trim() || signer.email || signer.uid || signer.ethAddress || ''
  );
}

/**
 * The chain's name in the reader's language, by chain id (the API's name for a chain we do not
 * know), marked local for a dev chain: it shares its testnet's id but is not that testnet.
 */
export function chainName(chain: TWalletChain, t: TFunction): string {
  const key = `chain.names.${chain.id}`;
  const name = t(key);
  // A missing key comes back as the key itself.
  if (name === key) return chain.name;
  return chain.isDevChain ? t('chain.local', { name }) : name;
}

/** The chain in a sentence: "on Arbitrum One", "on the local dev chain" (t of the wallet namespace). */
export function onChain(chain: TWalletChain, t: TFunction): string {
  return chain.isDevChain ? t('chain.onDevChain') : t('chain.on', { name: chainName(chain, t) });
}

/** "k out of n", as the Deploy form shows a quorum (t of the wallet namespace). */
export function quorumText(threshold: number, signerCount: number, t: TFunction): string {
  return t('quorum.label', { threshold, count: signerCount });
}

/** The wallet's own API messages the common catalogue does not (yet) translate, by their English text. */
const WALLET_MESSAGE_KEYS: Record<string, string> = {
  [SAFE_RESERVED_ADDRESS_MESSAGE]: 'rules.reservedAddress',
  [WALLET_SIGNERS_CHANGED_MESSAGE]: 'rules.signersChanged',
  [SAFE_SIGNATURE_MALFORMED]: 'rules.signatureMalformed',
  [SAFE_SIGNATURE_NOT_OWNER]: 'rules.signatureNotOwner',
  [SAFE_SIGNATURE_NOT_YOURS]: 'rules.signatureNotYours',
  [SAFE_DEVICE_UNVERIFIED]: 'rules.deviceUnverified',
  [SAFE_ALREADY_CONFIRMED]: 'rules.alreadyConfirmed',
  [SAFE_NOT_AWAITING]: 'rules.notAwaiting',
  [SAFE_NOT_DEPLOYED]: 'rules.notDeployed',
  [SAFE_NO_TRANSACTION_AT_NONCE]: 'rules.noTransactionAtNonce',
  [SAFE_REJECTION_EXISTS]: 'rules.rejectionExists',
  [SAFE_WALLET_NOT_ON_NETWORK]: 'rules.walletNotOnNetwork',
  [SAFE_TOKEN_NOT_ON_NETWORK]: 'rules.tokenNotOnNetwork',
  [SAFE_AMOUNT_DECIMALS]: 'rules.amountDecimals',
};

/** An API or contract message in the reader's language (t of the wallet namespace); unknown text as it came. */
export function walletMessage(text: string, t: TFunction): string {
  const key = WALLET_MESSAGE_KEYS[text];
  return key ? t(key) : translateMessage(text);
}

/**
 * A failed wallet action as a toast in the reader's language: the call's failure as its title, and
 * the API's reason (a rule the member broke) worded for the wallet when the wallet knows it.
 */
export function notifyWalletError(error: unknown, t: TFunction): void {
  if (error instanceof ApiError && error.detail) {
    notifyError(
      new ApiError(error.message, error.status, error.code, walletMessage(error.detail, t), error.fields),
    );
  } else notifyError(error);
}

/** Signers sharing one signing device address (a Safe cannot have an owner twice), grouped by address. */
export function sharedAddresses(signers: TWalletSigner[]): TWalletSigner[][] {
  const byAddress = new Map<string, TWalletSigner[]>();
  for (const signer of signers) {
    if (!signer.ethAddress) continue;
    const key = signer.ethAddress.toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), signer]);
  }
  return [...byAddress.values()].filter((group) => group.length > 1);
}
