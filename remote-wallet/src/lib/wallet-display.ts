import { ApiError, notifyError, type TCodedMessage, type TFunction, wordMessage } from '@dash/shared';
import type { TWalletChain, TWalletSigner } from '@dash/shared/api';

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

/** The wallet's own wording of some API messages, by their code (the rest: the common wording). */
const WALLET_MESSAGE_KEYS: Partial<Record<TCodedMessage['code'], string>> = {
  'messages.safeReservedAddress': 'rules.reservedAddress',
  'messages.walletSignersChanged': 'rules.signersChanged',
  'messages.safeSignatureMalformed': 'rules.signatureMalformed',
  'messages.safeSignatureNotOwner': 'rules.signatureNotOwner',
  'messages.safeSignatureNotYours': 'rules.signatureNotYours',
  'messages.safeDeviceUnverified': 'rules.deviceUnverified',
  'messages.safeAlreadyConfirmed': 'rules.alreadyConfirmed',
  'messages.safeNotAwaiting': 'rules.notAwaiting',
  'messages.safeNotDeployed': 'rules.notDeployed',
  'messages.safeNoTransactionAtNonce': 'rules.noTransactionAtNonce',
  'messages.safeRejectionExists': 'rules.rejectionExists',
  'messages.safeWalletNotOnNetwork': 'rules.walletNotOnNetwork',
  'messages.safeTokenNotOnNetwork': 'rules.tokenNotOnNetwork',
  'messages.safeAmountDecimals': 'rules.amountDecimals',
};

/**
 * An API or contract message in the reader's language: the wallet's wording (t of the wallet
 * namespace) when it has one for the code, else the common one; a message without a code as it came.
 */
export function walletMessage(message: TCodedMessage | undefined, english: string, t: TFunction): string {
  if (!message) return english;
  const key = WALLET_MESSAGE_KEYS[message.code];
  return key ? t(key) : wordMessage(message);
}

/**
 * A failed wallet action as a toast in the reader's language: the call's failure as its title, and
 * the API's reason (a rule the member broke) worded for the wallet when the wallet knows it.
 */
export function notifyWalletError(error: unknown, t: TFunction): void {
  if (error instanceof ApiError && error.detail) {
    const detail = walletMessage(error.codes.detail, error.detail, t);
    // The wallet's wording is final: the toast shows it as it is.
    notifyError(
      new ApiError(error.message, error.status, error.code, detail, error.fields, {
        ...(error.codes.message ? { message: error.codes.message } : {}),
      }),
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
